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

    @Test("a command line on the gate socket is refused, exit 77, also a child's own (status, challenge begin); the same on the admin socket runs")
    func noCommandLines() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let refused = try Self.exchange(daemon.gateSocket, [
            Self.run(["status", "emma"]), Self.run(["challenge", "begin", "emma"]), Self.run(["ask", "approve", "1"]),
        ])
        #expect(refused.count == 3)
        for (answer, name) in zip(refused, ["status", "challenge begin", "ask approve"]) {
            let failed = try #require((try JSONOutput.object(answer))["failed"] as? [String: Any], "\(answer)")
            #expect(failed["status"] as? Int == 77)
            #expect(failed["message"] as? String == "'\(name)' is not allowed on the gate socket, which takes only challenge begin, answer and cancel, status, session check, ask request and ask check: use the admin socket")
        }
        #expect(try daemon.sqlite("SELECT count(*) FROM challenges").trimmingCharacters(in: .whitespacesAndNewlines) == "0", "nothing began")
        let ran = try Self.exchange(daemon.adminSocket, [Self.run(["status", "emma"])])
        let first = try #require(ran.first)
        let outcome = try #require(((try JSONOutput.object(first))["ran"] as? [String: Any])?["_0"] as? [String: Any])
        #expect(outcome["status"] as? Int == 0)
    }

    @Test("a command that names files is refused as a command line on the admin socket too (the daemon would use its own files); its typed operation is refused on the gate socket")
    func noFilesInTheDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        let target = daemon.root.path("written-by-the-daemon.json")
        let answers = try Self.exchange(daemon.adminSocket, [
            Self.run(["questions", "export", "--set", "animals", "--output", target]), Self.run(["questions", "import", "/etc/hostname"]),
            Self.run(["db", "backup", target]),
        ])
        #expect(answers.count == 3)
        for (answer, name) in zip(answers, ["questions export", "questions import", "db backup"]) {
            let outcome = try #require(((try JSONOutput.object(answer))["ran"] as? [String: Any])?["_0"] as? [String: Any], "\(answer)")
            #expect(outcome["status"] as? Int == 64)
            let encoded = try #require(outcome["errors"] as? String)
            let errors = try #require(Data(base64Encoded: encoded))
            #expect(String(decoding: errors, as: UTF8.self) == "error: '\(name)' cannot run through the daemon's socket\n")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        let refused = try Self.exchange(daemon.gateSocket, [#"{"admin": {"_0": {"backup": {"_0": {}}}}}"#])
        let first = try #require(refused.first)
        let failed = try #require((try JSONOutput.object(first))["failed"] as? [String: Any], "\(refused)")
        #expect(failed["status"] as? Int == 77)
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
