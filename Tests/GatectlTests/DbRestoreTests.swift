import Foundation
import Testing
import TestSlots

/// Upgrades and going back: the daemon copies a database before it migrates it, and
/// `gatectl db restore` puts a backup in the database's place, checked first.
@Suite("db restore, and the copy before a migration", .boundedConcurrency)
struct DbRestoreTests {
    static let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Migrations")

    /// A database at schema `version`, made by the migration files up to it, as the build of that version made it, with the profile emma.
    static func olderDatabase(_ version: Int, at path: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: migrations.path).filter { $0.hasSuffix(".sql") }.sorted()
        var script = "PRAGMA foreign_keys = ON;\n"
        for file in files {
            guard let number = Int(file.prefix(4)), number <= version else { continue }
            let data = try Data(contentsOf: migrations.appendingPathComponent(file))
            let checksum = try GatectlProcess.run(
                [migrations.appendingPathComponent(file).path], executable: URL(fileURLWithPath: "/usr/bin/sha256sum")).stdout.prefix(64)
            script += String(decoding: data, as: UTF8.self) + "\n"
            script += "INSERT INTO parental_gate_schema (version, name, checksum, applied_at) VALUES (\(number), '\(file.dropFirst(5).dropLast(4))', '\(checksum)', 0);\n"
        }
        script += "PRAGMA user_version = \(version); PRAGMA application_id = \(0x5047_4154); PRAGMA journal_mode = WAL;"
        _ = try SQLiteTool.run(path, script)
    }

    @Test("the daemon copies a database before it migrates it; db restore takes the copy back, keeping what it replaces")
    func upgradeAndBack() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.path("gate.sqlite")
        try Self.olderDatabase(7, at: path)
        let daemon = try InteractiveGatectl(["--database", path, "--port", "0"], executable: try GatectlProcess.daemon)
        _ = try await daemon.waitForLine(startingWith: "serving on ")
        #expect(daemon.printedErrors.contains("backed up the database before migrating it"), "\(daemon.printedErrors)")
        let stopped = daemon.finish(timeout: 0)
        #expect(stopped.status == 0 || stopped.status == 15, "\(stopped.stderr)")
        let copy = path + ".before-migration-7"
        #expect(try SQLiteTool.run(copy, "PRAGMA user_version").trimmingCharacters(in: .whitespacesAndNewlines) == "7")
        #expect(try SQLiteTool.run(path, "PRAGMA user_version").trimmingCharacters(in: .whitespacesAndNewlines) == "13")

        // Going back: the copy replaces the database; the replaced one is kept beside it.
        let restored = try GatectlProcess.run(["db", "restore", copy, "--database", path, "--yes"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.hasPrefix("restored \(copy) to \(path) (schema version 7, "), "\(restored.stdout)")
        let kept = try #require(restored.stdout.firstMatch(of: /; the database it replaced is at (.+\.before-restore-\d{14})\n$/)?.output.1)
        #expect(kept.hasPrefix(path))
        #expect(try SQLiteTool.run(path, "PRAGMA user_version").trimmingCharacters(in: .whitespacesAndNewlines) == "7")
        #expect(try SQLiteTool.run(String(kept), "PRAGMA user_version").trimmingCharacters(in: .whitespacesAndNewlines) == "13")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try GatectlProcess.run(["db", "status", "--database", path]).status == 0, "the restored database opens (and migrates)")
    }

    @Test("a damaged backup, a broken audit chain, no confirmation, or the daemon's own socket: refused, the database as it was")
    func refusals() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let backup = db.file("backup.sqlite")
        try db.ok(["db", "backup", backup])
        try db.addProfile("liam")
        let before = try db.snapshot()

        let garbage = try db.write("not a database at all, just words", to: "garbage.sqlite")
        let damaged = try db.run(["db", "restore", garbage, "--yes"])
        #expect(damaged.status == 64 && damaged.stderr.hasPrefix("error: the backup \(garbage) cannot be restored"), "\(damaged.stderr)")
        #expect(damaged.stderr.hasSuffix("nothing was replaced\n"))

        let tampered = db.file("tampered.sqlite")
        try db.ok(["db", "backup", tampered])
        // Its guards dropped (as one editing the file by hand would), a record changed.
        let guards = try SQLiteTool.run(tampered, "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'")
            .split(separator: "\n").map { "DROP TRIGGER \($0);" }.joined()
        _ = try SQLiteTool.run(tampered, guards + "UPDATE audit_log SET actor = 'someone else' WHERE id = (SELECT min(id) FROM audit_log)")
        let broken = try db.run(["db", "restore", tampered, "--yes"])
        #expect(broken.status == 64 && broken.stderr.contains("audit log is not intact"), "\(broken.stderr)")

        let unasked = try db.run(["db", "restore", backup], input: "n\n")
        #expect(unasked.status == 1 && unasked.stderr.contains("not restored: confirm with y, or pass --yes"), "\(unasked.stderr)")
        expectUnchanged(try db.snapshot(), before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: db.scratch.url.path).allSatisfy { !$0.contains(".before-restore") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: db.scratch.url.path).allSatisfy { !$0.hasPrefix(".restore-") },
                "no copy left behind")

        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        let remote = try daemon.gatectl(["db", "restore", backup, "--yes"])
        #expect(remote.status == 64 && remote.stderr.contains("stop it (systemctl stop parental-gated)"), "\(remote.stderr)")
        // Named by its file while the daemon has it open: refused too, nothing moved.
        let underIt = try GatectlProcess.run(["db", "restore", backup, "--database", daemon.databasePath, "--yes"])
        #expect(underIt.status != 0 && underIt.stderr.contains("has the database \(daemon.databasePath) open (the daemon?)"), "\(underIt.stderr)")
        #expect(FileManager.default.fileExists(atPath: daemon.databasePath))
        #expect(try daemon.gatectl(["profile", "list"]).status == 0, "the daemon goes on with its database")

        let yes = try db.run(["db", "restore", backup], input: "y\n")
        #expect(yes.status == 0, "\(yes.stderr)")
        #expect(try db.count("profiles") == 1, "the backup's one profile")
    }
}
