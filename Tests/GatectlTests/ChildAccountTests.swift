import Foundation
import Testing
import TestSlots

/// The boundary the daemon draws on a family computer: it runs as one account and owns the
/// database; a child's account reaches the gate through the gate socket and nothing else.
@Suite(
    "A child's account against the daemon",
    .needsRoot("the daemon runs as root and the child as nobody (CI runs as root)"),
    .boundedConcurrency)
struct ChildAccountTests {
    /// Runs `gatectl arguments…` as the account `nobody`.
    static func asNobody(_ arguments: [String], input: String = "") throws -> GatectlProcess.Result {
        try GatectlProcess.run(
            ["-u", "nobody", "--", try GatectlProcess.binary.path] + arguments, executable: URL(fileURLWithPath: "/usr/sbin/runuser"),
            input: input)
    }

    /// Runs `program arguments…` as `nobody`.
    static func programAsNobody(_ program: String, _ arguments: [String]) throws -> GatectlProcess.Result {
        try GatectlProcess.run(["-u", "nobody", "--", program] + arguments, executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
    }

    @Test("as nobody: challenge begin and answer and the terminal gate work through the gate socket; the file and admin commands are out of reach, exit 77, nothing written")
    func boundary() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["policy", "set", "--profile", "emma", "--min-response-time", "0s", "--max-failed-challenges", "10", "--time-limit", "10m", "--by", "mum"])

        // What a child may do.
        let begun = try Self.asNobody(["challenge", "begin", "emma", "--json", "--socket", daemon.gateSocket])
        #expect(begun.status == 0, "\(begun.stderr)")
        let id = try #require((try JSONOutput.object(begun.stdout)["challenge"] as? [String: Any])?["id"] as? String)
        let answer = try daemon.sqlite("SELECT answer FROM challenges WHERE id = '\(id)'").trimmingCharacters(in: .whitespacesAndNewlines)
        let answered = try Self.asNobody(["challenge", "answer", id, answer, "--json", "--socket", daemon.gateSocket])
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(try JSONOutput.object(answered.stdout)["result"] as? String == "passed")
        let gate = try InteractiveGatectl(
            ["-u", "nobody", "--", try GatectlProcess.binary.path, "gate", "emma", "--socket", daemon.gateSocket],
            executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
        try await gate.waitForOutput("> ")
        gate.type(String(try await daemon.openAnswer(askedBy: gate)))
        let terminal = gate.finish(timeout: 30)
        #expect(terminal.status == 0, "\(terminal.stdout)\(terminal.stderr)")
        #expect(daemon.log.contains("socket=gate uid=65534 user=nobody") || daemon.log.contains("user=nobody"))

        // What it may not.
        let before = try daemon.sqlite("SELECT count(*) FROM audit_log; SELECT count(*) FROM profiles;")
        let read = try Self.programAsNobody("/usr/bin/sqlite3", [daemon.databasePath, "SELECT answer FROM challenges"])
        #expect(read.status != 0 && read.stdout.isEmpty, "sqlite3 as nobody: \(read.stdout)\(read.stderr)")
        let copy = try Self.programAsNobody("/bin/cat", [daemon.databasePath])
        #expect(copy.status != 0 && copy.stdout.isEmpty && copy.stderr.contains("Permission denied"))
        let direct = try Self.asNobody(["status", "emma", "--database", daemon.databasePath])
        #expect(direct.status == 74 && direct.stdout.isEmpty, "\(direct.stderr)")
        #expect(direct.stderr.hasPrefix("error: ") && direct.stderr.filter { $0 == "\n" }.count == 1, "\(direct.stderr)")
        expectError(
            try Self.asNobody(["profile", "add", "liam", "--socket", daemon.adminSocket]), status: 77,
            message: "permission denied for the daemon's socket \(daemon.adminSocket) (the admin socket is for its admin group)")
        expectError(
            try Self.asNobody(["unlock", "emma", "--by", "kid", "--socket", daemon.gateSocket]), status: 77,
            message: "'unlock' is not allowed on the gate socket, which takes only challenge begin, answer and cancel, status, session check, ask request and ask check, gate --code and a gate's hold: use the admin socket")
        expectError(
            try Self.asNobody(["policy", "set", "--profile", "emma", "--max-failed-challenges", "100", "--socket", daemon.gateSocket]),
            status: 77,
            message: "'policy set' is not allowed on the gate socket, which takes only challenge begin, answer and cancel, status, session check, ask request and ask check, gate --code and a gate's hold: use the admin socket")
        #expect(try daemon.sqlite("SELECT count(*) FROM audit_log; SELECT count(*) FROM profiles;") == before, "nothing written")
    }

    @Test("as nobody: status through the gate socket shows an open challenge without its id, so another account cannot cancel it; a parent's profile show has it")
    func statusHidesChallengeID() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let begun = try JSONOutput.object(try daemon.ok(["challenge", "begin", "emma", "--json"]).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)

        for arguments in [["status", "emma", "--json"], ["status", "emma"]] {
            let shown = try Self.asNobody(arguments + ["--socket", daemon.gateSocket])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("verifying") && !shown.stdout.contains(id), "\(arguments): \(shown.stdout)")
        }
        let admin = try daemon.ok(["status", "emma", "--json"])
        #expect(!admin.stdout.contains(id), "status does not show it through the admin socket either: \(admin.stdout)")
        #expect(try daemon.ok(["profile", "show", "emma", "--json"]).stdout.contains(id), "a parent's profile show does")
        #expect(try daemon.sqlite("SELECT status FROM challenges WHERE id = '\(id)'").hasPrefix("open"))
    }
}
