import Foundation
import Testing
import TestSlots

/// `parental-gated` owns the database; `gatectl` asks it through its sockets and shows the
/// same as when it opens the file itself.
@Suite("parental-gated: gatectl through the daemon's sockets", .boundedConcurrency)
struct DaemonTests {
    /// `text` with what differs between two databases by nature masked: times, ids, tokens,
    /// the database's path.
    static func masked(_ text: String, paths: [String] = []) -> String {
        var text = text
        for path in paths { text = text.replacingOccurrences(of: path, with: "PATH") }
        text = text.replacing(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?Z?/, with: "TIME")
        text = text.replacing(/[0-9a-f]{32}/, with: "ID")
        return text
    }

    @Test("every command answers the same through the admin socket as on the file: output, errors, exit status")
    func sameEitherWay() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        let db = try TestDatabase()
        defer { db.remove() }
        let questions = try db.write(QuestionsCommandTests.animals, to: "animals.json")
        let steps: [[String]] = [
            ["profile", "add", "emma", "--locale", "de", "--by", "mum"],
            ["profile", "add", "EMMA", "--by", "mum"],
            ["profile", "add", "liam", "--display-name", "Liam", "--by", "mum"],
            ["profile", "list"], ["profile", "list", "--json"],
            ["policy", "set", "--profile", "emma", "--lockout", "10m", "--max-wrong-answers", "2", "--by", "mum"],
            ["policy", "set", "--max-wrong-answers", "99", "--by", "mum"],
            ["policy", "show", "--profile", "emma"], ["policy", "show", "--json"],
            ["policy", "history", "--profile", "emma"],
            ["status", "emma"], ["status", "nobody"], ["status", "liam", "--json"],
            ["questions", "import", questions, "--by", "mum"], ["questions", "import", questions, "--by", "mum"],
            ["questions", "import", db.file("missing.json")],
            ["questions", "list"], ["questions", "export", "--set", "animals"],
            ["profile", "rename", "liam", "noah", "--by", "mum"], ["profile", "disable", "noah", "--by", "mum"],
            ["challenge", "begin", "noah"], ["profile", "enable", "noah", "--by", "mum"],
            ["unlock", "noah", "--by", "mum"], ["session", "end", "noah", "--by", "mum"],
            ["challenge", "answer", "00000000000000000000000000000000", "3"],
            ["session", "check", "not-a-token"],
            ["profile", "show", "emma"], ["profile", "remove", "noah", "--yes", "--by", "mum"],
            ["audit", "list", "--limit", "5"], ["audit", "stats"], ["audit", "verify"],
            ["db", "check"], ["db", "migrate"],
        ]
        // The file made first, as the daemon's is: the note a new one gets is no step's answer.
        try db.ok(["db", "status"])
        for step in steps {
            let local = try db.run(step)
            let remote = try daemon.gatectl(step)
            let what = step.joined(separator: " ")
            #expect(remote.status == local.status, "\(what): exit \(remote.status) through the socket, \(local.status) on the file: \(remote.stderr)")
            // Through a socket, every audit record also names the caller's account (the kernel's word).
            let unattributed = remote.stdout.replacing(/account=root ?/, with: "")
            #expect(Self.masked(unattributed) == Self.masked(local.stdout), "\(what)")
            #expect(Self.masked(remote.stderr, paths: [daemon.databasePath]) == Self.masked(local.stderr, paths: [db.path]), "\(what)")
        }
    }

    @Test("the gate socket takes what a child may do and refuses everything else with exit 77, writing nothing")
    func gateSocketLimits() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["policy", "set", "--profile", "emma", "--min-response-time", "0s", "--by", "mum"])
        let begun = try JSONOutput.object(try daemon.ok(["challenge", "begin", "emma", "--json"], gate: true).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        try daemon.ok(["status", "emma"], gate: true)
        let answer = try Int(daemon.sqlite("SELECT answer FROM challenges WHERE id = '\(id)'").trimmingCharacters(in: .whitespacesAndNewlines))
        let passed = try JSONOutput.object(try daemon.ok(["challenge", "answer", id, String(try #require(answer)), "--json"], gate: true).stdout)
        let token = try #require(passed["token"] as? String)
        try daemon.ok(["session", "check", token], gate: true)

        let before = try daemon.sqlite("SELECT count(*) FROM audit_log")
        for command in [
            ["profile", "add", "liam"], ["unlock", "emma", "--by", "x"], ["policy", "set", "--min-response-time", "1s"],
            ["audit", "list"], ["questions", "list"], ["db", "backup", daemon.root.path("copy.sqlite")],
            ["profile", "remove", "emma", "--yes"], ["session", "end", "emma"], ["db", "migrate"], ["db", "status"],
        ] {
            let result = try daemon.gatectl(command, gate: true)
            let name = command.prefix(2).filter { !$0.hasPrefix("-") && !$0.contains("/") }.joined(separator: " ")
            expectError(
                result, status: 77,
                message: "'\(command[0] == "unlock" ? "unlock" : name)' is not allowed on the gate socket, which takes only challenge begin, answer and cancel, status, session check, ask request and ask check, gate --code and a gate's hold: use the admin socket")
        }
        expectError(
            try daemon.gatectl(["status", "emma", "--database", daemon.databasePath], gate: true), status: 64,
            message: "--socket and --database cannot be combined: the daemon uses its own database")
        #expect(try daemon.sqlite("SELECT count(*) FROM audit_log") == before, "nothing written")
        #expect(!FileManager.default.fileExists(atPath: daemon.root.path("copy.sqlite")))
    }

    @Test("--gate-access limits each account to its profiles on the gate socket; the admin socket is not limited")
    func gateAccess() async throws {
        let daemon = try await RunningDaemon.start(["--gate-access", "root=emma"])
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["profile", "add", "liam", "--by", "mum"])
        try daemon.ok(["challenge", "begin", "EMMA"], gate: true)
        expectError(
            try daemon.gatectl(["challenge", "begin", "liam"], gate: true), status: 77,
            message: "the account root may not use the profile 'liam' on the gate socket")
        let begun = try JSONOutput.object(try daemon.ok(["challenge", "begin", "liam", "--json"]).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        expectError(
            try daemon.gatectl(["challenge", "answer", id, "1"], gate: true), status: 77,
            message: "the account root may not use the profile 'liam' on the gate socket")
        let terminal = try daemon.gatectl(["gate", "liam"], gate: true, input: "1\n")
        #expect(terminal.status == 77)
        #expect(terminal.stderr == "error: the account root may not use the profile 'liam' on the gate socket\n")
        #expect(try daemon.sqlite("SELECT count(*) FROM attempts") == "0\n", "no answer of liam's was taken")

        // A request's handle is bound by the same rule: an account that learnt liam's handle
        // (from a command line in /proc, say) cannot pick up the parent mode approved for it.
        let asked = try JSONOutput.object(try daemon.ok(["ask", "request", "liam", "--json"]).stdout)
        let handle = try #require(asked["id"] as? String)
        try daemon.ok(["ask", "approve", "1", "--by", "mum"])
        expectError(
            try daemon.gatectl(["ask", "check", "-"], gate: true, input: handle + "\n"), status: 77,
            message: "the account root may not use the profile 'liam' on the gate socket")
        let picked = try JSONOutput.object(try daemon.ok(["ask", "check", handle, "--json"]).stdout)
        let token = try #require(picked["token"] as? String, "the refused look handed nothing over: \(picked)")
        // So is a session check: liam's live token is not told to an account that may not use liam.
        expectError(
            try daemon.gatectl(["session", "check", "-"], gate: true, input: token + "\n"), status: 77,
            message: "the account root may not use the profile 'liam' on the gate socket")
        #expect(try daemon.gatectl(["session", "check", "-"], input: token + "\n").status == 0, "the admin socket is not limited")
    }

    @Test("an account no rule names may use no profile on the gate socket; *=PROFILE gives one to every account; USER=* every profile to one")
    func gateAccessWithoutARule() async throws {
        for (rules, allowed, refused) in [
            (["liam=liam"], [String](), ["emma", "liam"]),
            (["*=emma", "nobody=liam"], ["emma", "EMMA"], ["liam"]),
            (["root=*"], ["emma", "liam"], []),
        ] {
            let daemon = try await RunningDaemon.start(rules.flatMap { ["--gate-access", $0] })
            defer { daemon.stop() }
            try daemon.ok(["profile", "add", "emma", "--by", "mum"])
            try daemon.ok(["profile", "add", "liam", "--by", "mum"])
            for profile in allowed {
                #expect(try daemon.gatectl(["status", profile], gate: true).status == 0, "\(rules): \(profile)")
            }
            // A name the account may not use is refused whether or not such a profile exists.
            for profile in refused + (refused.isEmpty ? [] : ["ghost"]) {
                for command in [["status", profile], ["challenge", "begin", profile], ["ask", "request", profile]] {
                    expectError(
                        try daemon.gatectl(command, gate: true), status: 77,
                        message: "the account root may not use the profile '\(profile)' on the gate socket")
                }
                let terminal = try daemon.gatectl(["gate", profile], gate: true, input: "1\n")
                #expect(terminal.status == 77 && terminal.stderr.contains("may not use the profile '\(profile)'"), "\(terminal.stderr)")
            }
            #expect(try daemon.sqlite("SELECT count(*) FROM challenges; SELECT count(*) FROM parent_requests;") == "0\n0\n")
        }
    }

    @Test("the account the kernel names is recorded with what it does through a socket: its request (ask list, the parents' message) and every audit record")
    func askingAccount() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["challenge", "begin", "emma", "--client", "Dad's laptop"], gate: true)
        try daemon.ok(["ask", "request", "emma", "--client", "Mum's laptop (already approved by Dad)"], gate: true)
        let listed = try JSONOutput.array(try daemon.ok(["ask", "list", "--json"]).stdout)
        #expect(listed.first?["account"] as? String == "root" && listed.first?["client"] as? String == "Mum's laptop (already approved by Dad)")
        let table = try daemon.ok(["ask", "list"]).stdout
        #expect(table.hasPrefix("NUMBER  PROFILE  STATUS   ACCOUNT  CLIENT"), "\(table)")
        let audit = try JSONOutput.array(try daemon.ok(["audit", "list", "--profile", "emma", "--json"]).stdout)
        let kinds = audit.filter { ($0["details"] as? [String: String])?["account"] == "root" }.compactMap { $0["kind"] as? String }
        #expect(kinds.contains("challengeIssued") && kinds.contains("parentAsked"), "\(kinds)")
        #expect(
            audit.first { $0["kind"] as? String == "profileAdded" }.flatMap { ($0["details"] as? [String: String])?["account"] } == "root",
            "the admin socket's caller too")
    }

    @Test("db check through the daemon, after the write-ahead log was damaged behind it, reports what a fresh connection meets: exit 74")
    func checkAfterDamagedLog() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        for name in ["emma", "liam", "mia"] { try daemon.ok(["profile", "add", name, "--by", "mum"]) }
        let clean = try daemon.gatectl(["db", "check"])
        #expect(clean.status == 0 && clean.stdout.hasPrefix("ok: "), "\(clean.stdout)\(clean.stderr)")
        for name in ["noah", "olivia"] { try daemon.ok(["profile", "add", name, "--by", "mum"]) }
        try daemon.ok(["profile", "list"])
        let wal = daemon.databasePath + "-wal"
        let log = try #require(FileHandle(forUpdatingAtPath: wal))
        let frames = (Int(try log.seekToEnd()) - 32) / (24 + 4096)
        try #require(frames > 0, "the new profiles are in the log")
        for frame in 0..<frames {
            try log.seek(toOffset: UInt64(32 + frame * (24 + 4096) + 24))
            log.write(Data(repeating: 0xA5, count: 4096))
        }
        try log.close()
        let damaged = try daemon.gatectl(["db", "check"])
        #expect(damaged.status == 74, "\(damaged.stdout)\(damaged.stderr)")
        #expect(damaged.stderr.hasPrefix("error: ") && !damaged.stdout.contains("ok:"), "\(damaged.stderr)")
    }

    @Test("the terminal gate steps through the gate socket: question, answer, parent mode (exit 0); stdout on a pipe as it runs")
    func terminalGate() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["policy", "set", "--profile", "emma", "--min-response-time", "0s", "--max-wrong-answers", "2", "--time-limit", "10m", "--by", "mum"])
        let gate = try InteractiveGatectl(["gate", "emma", "--socket", daemon.gateSocket])
        try await gate.waitForOutput("> ")
        let answer = try await daemon.openAnswer(askedBy: gate)
        gate.type(String(answer + 1))
        try await gate.waitForOutput("Wrong")
        gate.type(String(answer))
        let result = gate.finish(timeout: 30)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("What is "))
        #expect(result.stdout.contains("Correct"))
        #expect(try daemon.sqlite("SELECT count(*) FROM parent_sessions") == "1\n")
    }

    @Test("files on gatectl's side: import reads, export and backup write private files here, with the same refusals")
    func files() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        let here = try Scratch()
        defer { here.remove() }
        let file = here.path("animals.json")
        try Data(QuestionsCommandTests.animals.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try daemon.ok(["questions", "import", file, "--by", "mum"]).stdout == "imported 2 questions into animals (en)\n")
        let export = here.path("out.json")
        #expect(try daemon.ok(["questions", "export", "--set", "animals", "--output", export]).stdout == "exported 2 questions to \(export)\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: export)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: export)), as: UTF8.self).contains("How many legs has a spider?"))
        expectError(
            try daemon.gatectl(["questions", "export", "--set", "animals", "--output", export]), status: 64,
            message: "\(export) already exists; choose a new file, or add --force to replace it")
        try daemon.ok(["questions", "export", "--set", "animals", "--output", export, "--force"])

        let backup = here.path("backup.sqlite")
        #expect(try daemon.ok(["db", "backup", backup]).stdout == "backed up to \(backup)\n")
        #expect(try SQLiteTool.run(backup, "SELECT name FROM question_sets") == "animals\n")
        #expect((try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        expectError(try daemon.gatectl(["db", "backup", backup]), status: 64, message: "\(backup) already exists; choose a new file, or add --force to replace it")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("parental-gated-") }
        #expect(leftovers.isEmpty, "the daemon's copies are gone: \(leftovers)")
    }

    @Test("profile remove asks here, then the daemon removes; no daemon or a dead socket is exit 69")
    func confirmationAndUnavailable() async throws {
        let daemon = try await RunningDaemon.start()
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let refused = try daemon.gatectl(["profile", "remove", "EMMA"], input: "n\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Remove profile 'emma' with its policy"))
        let removed = try daemon.gatectl(["profile", "remove", "EMMA", "--by", "mum"], input: "y\n")
        #expect(removed.status == 0 && removed.stdout == "removed emma\n", "\(removed.stderr)")
        let socket = daemon.adminSocket
        let stopped = daemon.stop()
        #expect(stopped.status == 0, "SIGTERM stops it cleanly: \(stopped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: socket), "and it removes its sockets")
        expectError(try GatectlProcess.run(["profile", "list", "--socket", socket]), status: 69, message: "no daemon socket at \(socket)")
    }

    @Test("a request over the socket's limit: the daemon hangs up and gatectl says so (exit 69), no SIGPIPE")
    func oversizedRequest() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        // About 2 MB of questions (gatectl sends what it read, not the file) to a socket that
        // takes 64 KiB: gatectl is still writing, far past what the socket buffers hold, when
        // the daemon closes the connection.
        let file = daemon.root.path("big.json")
        let padding = String(repeating: "very ", count: 40)
        let questions = (1...9_000).map { #"{"prompt": "How many legs have \#($0) \#(padding)big spiders?", "answer": \#($0 * 8)}"# }
        try Data(("[" + questions.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: file))
        let result = try daemon.gatectl(["questions", "import", file, "--set", "big"], gate: true)
        expectError(
            result, status: 69,
            message: "the daemon closed the connection (\(daemon.gateSocket)) without answering: a request over its size limit, or more connections of this account at once than it takes; its log says which")
        try daemon.ok(["status", "emma"], gate: true)
    }
}
