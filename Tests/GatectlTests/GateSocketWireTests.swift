import Foundation
import Testing
import TestSlots

/// The gate socket on the wire, as a child's own script would speak to it: it never runs a
/// command line, not even a child's, and the typed steps it takes give away no challenge id.
@Suite("The gate socket's wire: typed steps only", .boundedConcurrency)
struct GateSocketWireTests {
    /// Sends each JSON request in `requests` to `socket` over its own connection, framed as gatectl
    /// frames them (a 4-byte big-endian length, then the body); the answers' bodies, one a line.
    static func exchange(_ socket: String, _ requests: [String]) throws -> [String] {
        let script = #"""
            import socket, sys
            for body in sys.argv[2:]:
                connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                connection.connect(sys.argv[1])
                data = body.encode()
                connection.sendall(len(data).to_bytes(4, "big") + data)
                size = int.from_bytes(connection.recv(4, socket.MSG_WAITALL), "big")
                print(connection.recv(size, socket.MSG_WAITALL).decode(), flush=True)
                connection.close()
            """#
        let result = try GatectlProcess.run(["-c", script, socket] + requests, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// A command line for the daemon to run, as an older gatectl (or a script) would send it.
    static func run(_ arguments: [String]) -> String {
        let words = arguments.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"run": {"_0": {"arguments": [\#(words)], "inputs": {}}}}"#
    }

    @Test("no socket runs a command line, a child's own (status, challenge begin) or one naming a file: it is no request the daemon understands, and nothing happens")
    func noCommandLines() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let target = daemon.root.path("written-by-the-daemon.json")
        let lines = [
            Self.run(["status", "emma"]), Self.run(["challenge", "begin", "emma"]), Self.run(["ask", "approve", "1"]),
            Self.run(["questions", "export", "--set", "animals", "--output", target]), Self.run(["db", "backup", target]),
        ]
        for socket in [daemon.gateSocket, daemon.adminSocket] {
            let answers = try Self.exchange(socket, lines)
            #expect(answers.count == lines.count)
            for answer in answers {
                let failed = try #require((try JSONOutput.object(answer))["failed"] as? [String: Any], "\(answer)")
                #expect(failed["status"] as? Int == 64)
                #expect(failed["message"] as? String == "the request is not one this daemon understands")
            }
        }
        #expect(try daemon.sqlite("SELECT count(*) FROM challenges").trimmingCharacters(in: .whitespacesAndNewlines) == "0", "nothing began")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("an admin command's typed operation is refused on the gate socket (exit 77) and performed on the admin socket")
    func operationsBySocket() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        let request = #"{"admin": {"_0": {"addProfile": {"_0": {"name": "mia", "locale": "en"}}}}}"#
        let refused = try Self.exchange(daemon.gateSocket, [request])
        let first = try #require(refused.first)
        let failed = try #require((try JSONOutput.object(first))["failed"] as? [String: Any], "\(refused)")
        #expect(failed["status"] as? Int == 77)
        #expect(failed["message"] as? String == "'profile add' is not allowed on the gate socket, which takes only challenge begin, answer and cancel, status, session check, ask request and ask check, gate --code and a gate's hold: use the admin socket")
        #expect(try daemon.sqlite("SELECT count(*) FROM profiles").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let done = try Self.exchange(daemon.adminSocket, [request])
        let answer = try #require(done.first)
        #expect((try JSONOutput.object(answer))["result"] != nil, "\(answer)")
        // Without --by, the actor is the account the kernel names (root here), as gatectl's was.
        #expect(try daemon.sqlite("SELECT actor FROM audit_log WHERE kind = 'profileAdded'").trimmingCharacters(in: .whitespacesAndNewlines) == "root")
    }

    @Test("through the daemon, db backup and questions export --force never write over the daemon's own database, which gatectl is told of")
    func neverOverTheDaemonsDatabase() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let questions = daemon.root.path("animals.json")
        try Data(#"{"name": "animals", "locale": "en", "questions": [{"prompt": "How many legs has a spider?", "answer": 8}]}"#.utf8)
            .write(to: URL(fileURLWithPath: questions))
        try daemon.ok(["questions", "import", questions, "--by", "mum"])
        for command in [
            ["db", "backup", daemon.databasePath, "--force"], ["questions", "export", "--set", "animals", "--output", daemon.databasePath, "--force"],
            ["db", "backup", daemon.databasePath + "-wal", "--force"],
        ] {
            let result = try daemon.gatectl(command)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("is the gate's own database or one of its files"), "\(result.stderr)")
        }
        #expect(try daemon.sqlite("SELECT name FROM profiles") == "emma\n", "the database is whole")
        try daemon.ok(["profile", "list"])
    }

    @Test("a duration too long for any clock in an operation (audit prune) is refused, exit 64, and the daemon serves on")
    func hugeDuration() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        for olderThan in ["[576460752303423488,0]", "[9223372036854775807,18446744073709551615]", "[-9223372036854775808,0]"] {
            let answers = try Self.exchange(daemon.adminSocket, [#"{"admin": {"_0": {"pruneAudit": {"_0": {"olderThan": \#(olderThan)}}}}}"#])
            let answer = try #require(answers.first)
            let failed = try #require((try JSONOutput.object(answer))["failed"] as? [String: Any], "\(answer)")
            #expect(failed["status"] as? Int == 64, "\(answer)")
        }
        try daemon.ok(["profile", "list"])
    }

    @Test("the state step names the open challenge but never its id; a child's gatectl status shows the same through either socket")
    func stateWithoutChallengeID() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let begun = try JSONOutput.object(try daemon.ok(["challenge", "begin", "emma", "--json"], gate: true).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        let answers = try Self.exchange(daemon.gateSocket, [#"{"gate": {"_0": {"state": {"profile": "EMMA"}}}}"#])
        let answer = try #require(answers.first)
        #expect(!answer.contains(id), "the challenge's id went out: \(answer)")
        let state = try #require((try JSONOutput.object(answer))["state"] as? [String: Any], "\(answer)")
        #expect(state["profile"] as? String == "emma", "the name as stored")
        #expect(answer.contains("verifying"))
        let viaGate = try daemon.ok(["status", "emma", "--json"], gate: true).stdout
        let viaAdmin = try daemon.ok(["status", "emma", "--json"]).stdout
        #expect(viaGate == viaAdmin && !viaGate.contains(id) && viaGate.contains("\"verifying\""), "\(viaGate)")
    }
}
