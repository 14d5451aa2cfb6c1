import Foundation
import Testing
import TestSlots

/// Backups and exports into a folder another account owns, while that account swaps every
/// file that appears there for one of its own and reads whatever it can: the security
/// review's attack, as a second process running as `nobody`.
@Suite(
    "Backups and exports into a folder another account can write",
    .needs(
        "root (to run the attacker as nobody with setpriv), /usr/bin/setpriv and /usr/bin/python3",
        if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")),
    .boundedConcurrency)
struct FileRaceTests {
    /// Watches the folder (inotify) and renames a file of its own over every new entry that
    /// is not one of the final names it is told (`final-*`); meanwhile reads every file it
    /// can and counts those holding an SQLite database or the export's question. Makes
    /// `ready` once it watches; stops when `stop` appears; prints `swaps=N leaks=M`.
    static let attacker = #"""
        import ctypes, os, struct, sys, threading, time
        folder = sys.argv[1]
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        fd = libc.inotify_init()
        libc.inotify_add_watch(fd, folder.encode(), 0x100 | 0x80)  # IN_CREATE | IN_MOVED_TO
        open(os.path.join(folder, "ready"), "w").close()
        swaps, leaks, spare, seen = 0, 0, 0, set()
        def plant():
            global spare
            spare += 1
            path = os.path.join(folder, ".spare%d" % spare)
            f = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_EXCL, 0o666); os.close(f)
            return path
        def reader():
            global leaks
            while not os.path.exists(os.path.join(folder, "stop")):
                time.sleep(0.005)
                for entry in os.scandir(folder):
                    try:
                        with open(entry.path, "rb") as f: data = f.read()
                    except OSError:
                        continue
                    if (b"SQLite format 3" in data or b"How many legs" in data) and entry.path not in seen:
                        seen.add(entry.path); leaks += 1
        thread = threading.Thread(target=reader); thread.start()
        os.set_blocking(fd, False)
        import select
        while not os.path.exists(os.path.join(folder, "stop")):
            select.select([fd], [], [], 0.2)
            try: buf = os.read(fd, 65536)
            except BlockingIOError: continue
            i = 0
            while i < len(buf):
                wd, mask, cookie, length = struct.unpack_from("iIII", buf, i)
                name = buf[i + 16:i + 16 + length].rstrip(b"\0").decode(errors="replace"); i += 16 + length
                if name.startswith(".spare") or name.startswith("final-") or name in ("stop", "ready"): continue
                try:
                    os.rename(plant(), os.path.join(folder, name)); swaps += 1
                except OSError:
                    pass
        thread.join()
        print("swaps=%d leaks=%d" % (swaps, leaks), flush=True)
        """#

    /// Writes a file of root's at `probe` and waits (30 s at most) until the attacker has
    /// renamed one of its own over it.
    static func expectSwapped(_ probe: URL) async throws {
        try Data("root's".utf8).write(to: probe)
        for _ in 0..<600 {
            let owner = (try? FileManager.default.attributesOfItem(atPath: probe.path))?[.ownerAccountID] as? Int
            if owner == 65534 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the attacker did not swap \(probe.lastPathComponent) within 30 s: the attack was not running")
    }

    @Test("20 backups and 20 exports: each is the gate's own private file with the whole content, and the attacker reads none")
    func raceRenames() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        _ = try db.beginChallenge("emma")  // an open challenge: its answer is in the file
        try db.ok(["questions", "import", try db.write(#"[{"prompt": "How many legs has a spider?", "answer": 8}]"#, to: "q.json"), "--set", "legs"])

        // A folder the other account owns, reachable by it: /tmp/…/shared, owned by nobody.
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gate-race-\(UUID().uuidString)")
        let shared = base.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        chmod(base.path, 0o755)
        chown(shared.path, 65534, 65534)
        chmod(shared.path, 0o755)
        let script = base.appendingPathComponent("attacker.py")
        try Self.attacker.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o644)

        let attacker = Process()
        attacker.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        attacker.arguments = ["--reuid", "65534", "--regid", "65534", "--clear-groups", "/usr/bin/python3", script.path, shared.path]
        let report = Pipe()
        attacker.standardOutput = report
        attacker.standardError = FileHandle.nullDevice
        try attacker.run()
        defer { attacker.stopForGood() }
        var ready = false
        for _ in 0..<600 where !ready {
            ready = FileManager.default.fileExists(atPath: shared.appendingPathComponent("ready").path)
            if !ready { try await Task.sleep(for: .milliseconds(50)) }
        }
        try #require(ready, "the attacker did not start")
        // The attack is live: a file put in the folder is swapped for the attacker's own, before the run …
        try await Self.expectSwapped(shared.appendingPathComponent("probe-before"))

        var failures: [String] = []
        for index in 0..<20 {
            let backup = shared.appendingPathComponent("final-\(index).sqlite").path
            let result = try db.run(["db", "backup", backup])
            if result.status != 0 { failures.append("backup \(index): \(result.stderr)") }
            let export = shared.appendingPathComponent("final-\(index).json").path
            let exported = try db.run(["questions", "export", "--set", "legs", "--output", export])
            if exported.status != 0 { failures.append("export \(index): \(exported.stderr)") }
        }
        // … and still after it.
        try await Self.expectSwapped(shared.appendingPathComponent("probe-after"))
        try Data().write(to: shared.appendingPathComponent("stop"))
        let output = String(decoding: report.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        attacker.waitUntilExit()

        #expect(failures.isEmpty, "\(failures)")
        #expect(output.contains("leaks=0"), "the other account read a backup or an export: \(output)")
        let swaps = output.split(separator: " ").first { $0.hasPrefix("swaps=") }.flatMap { Int($0.dropFirst("swaps=".count)) }
        #expect((swaps ?? 0) >= 2, "the attacker swapped the two probes at least: \(output)")
        for index in 0..<20 {
            let backup = shared.appendingPathComponent("final-\(index).sqlite").path
            let info = try FileManager.default.attributesOfItem(atPath: backup)
            #expect(info[.ownerAccountID] as? Int == 0 && (info[.posixPermissions] as? Int) == 0o600, "backup \(index): \(info)")
            let profiles = try GatectlProcess.run(["profile", "list", "--json", "--database", backup])
            #expect(profiles.status == 0 && profiles.stdout.contains(#""name" : "emma""#), "backup \(index): \(profiles.stderr)")
            let export = shared.appendingPathComponent("final-\(index).json").path
            let exportInfo = try FileManager.default.attributesOfItem(atPath: export)
            #expect(exportInfo[.ownerAccountID] as? Int == 0 && (exportInfo[.posixPermissions] as? Int) == 0o600, "export \(index)")
            #expect(try String(contentsOfFile: export, encoding: .utf8).contains("How many legs has a spider?"), "export \(index)")
        }
    }
}
