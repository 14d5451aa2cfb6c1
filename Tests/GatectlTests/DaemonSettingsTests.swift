import Foundation
import Testing
import TestSlots

/// How `parental-gated` is configured and what it logs.
@Suite("parental-gated: configuration and logs", .boundedConcurrency)
struct DaemonSettingsTests {
    @Test("settings: the flags over PARENTAL_GATE_* over the JSON file; a bad file or value is one error line, exit 64")
    func layers() async throws {
        let root = try Scratch()
        defer { root.remove() }
        let config = root.path("parental-gated.json")
        try Data("""
            {"database": "\(root.path("from-file.sqlite"))", "adminSocket": "\(root.path("admin.sock"))",
             "gateSocket": "\(root.path("file-gate.sock"))", "gateAccess": ["*=*"], "logLevel": "debug", "http": {"port": 0, "host": "127.0.0.1"}}
            """.utf8).write(to: URL(fileURLWithPath: config))
        let daemon = try InteractiveGatectl(
            ["--config", config, "--gate-socket", root.path("flag-gate.sock")], executable: try GatectlProcess.daemon,
            environment: ["PARENTAL_GATE_DATABASE": root.path("from-env.sqlite")])
        try await daemon.waitForOutput("serving on http://127.0.0.1:")
        #expect(await daemon.waitForError("flag-gate.sock"))
        let result = daemon.finish(timeout: 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: root.url.path)
        #expect(files.contains("from-env.sqlite") && !files.contains("from-file.sqlite"), "the environment wins over the file: \(files)")
        #expect(result.stderr.contains("path=\(root.path("admin.sock"))"), "the file's admin socket")
        #expect(!result.stderr.contains("file-gate.sock"), "the flag wins over the file")
        #expect(result.stderr.contains(" debug "), "the file's log level")

        for (arguments, environment, message) in [
            (["--config", root.path("missing.json")], [String: String](), "cannot read the configuration file \(root.path("missing.json")): No such file or directory"),
            (["--port", "0", "--log-level", "loud"], [:], "--log-level must be trace, debug, info, notice, warning, error or critical, not 'loud'"),
            (["--port", "0"], ["PARENTAL_GATE_HTTP_MAX_CONNECTIONS": "lots"], "PARENTAL_GATE_HTTP_MAX_CONNECTIONS must be a whole number between 1 and 100000, not 'lots'"),
            (["--port", "0", "--gate-access", "alice"], [:], "--gate-access must be USER=PROFILE[,PROFILE…] (* for every account or every profile), not 'alice'"),
            (["--port", "0", "--admin-group", "no-such-group-here"], [:], "--admin-group must be a group of this machine (groupadd makes one), not 'no-such-group-here'"),
        ] {
            let bad = try GatectlProcess.run(
                arguments + ["--database", root.path("bad.sqlite")], executable: try GatectlProcess.daemon, environment: environment)
            expectError(bad, status: 64, message: message)
        }
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: config))
        expectError(
            try GatectlProcess.run(["--config", config], executable: try GatectlProcess.daemon), status: 64,
            message: "\(config) is not a JSON configuration file")
        #expect(!FileManager.default.fileExists(atPath: root.path("bad.sqlite")), "a refused start creates no database")
    }

    @Test("the log: one line per request (socket, account, command, status, time, id) and the gate's events; never an answer, token or challenge id")
    func logHygiene() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["policy", "set", "--profile", "emma", "--min-response-time", "0s", "--max-wrong-answers", "2", "--by", "mum"])
        let begun = try JSONOutput.object(try daemon.ok(["challenge", "begin", "emma", "--json"], gate: true).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        let answer = try daemon.sqlite("SELECT answer FROM challenges WHERE id = '\(id)'").trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try daemon.gatectl(["challenge", "answer", id, "987654"], gate: true)
        let passed = try JSONOutput.object(try daemon.ok(["challenge", "answer", id, answer, "--json"], gate: true).stdout)
        let token = try #require(passed["token"] as? String)
        try daemon.ok(["session", "check", token], gate: true)
        #expect(try daemon.gatectl([token], gate: true).status == 64, "gatectl refuses a command line it cannot parse before sending it")
        let log = daemon.stop().stderr
        let requests = log.split(separator: "\n").filter { $0.hasSuffix("[parental_gated] request") }
        #expect(requests.count == 6, "\(requests.joined(separator: "\n"))")
        #expect(requests.allSatisfy { $0.contains(" id=") && $0.contains(" ms=") && $0.contains(" uid=0 user=root") })
        #expect(requests.contains { $0.contains("command=challenge answer") && $0.contains("socket=gate") && $0.contains("status=0") })
        #expect(log.contains("event=passed profile=emma"))
        #expect(log.contains("event=wrongAnswer profile=emma"))
        // A request's time ("ms=45 ") may be the answer's number by chance: it is left out of the search.
        let scrubbed = log.replacingOccurrences(of: #" ms=[0-9]+"#, with: "", options: .regularExpression)
        for secret in [token, id, "987654", " \(answer) ", "=\(answer) "] {
            #expect(!scrubbed.contains(secret), "the log holds \(secret)")
        }
    }

    @Test("--host, --allowed-host and --write-timeout through the real daemon: the names served, the rest 421; an unread connection reset; bad values exit 64")
    func httpFlags() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let server = try await ServedGate.start(db, ["--host", "127.0.0.1", "--allowed-host", "Gate.Home.Lan", "--write-timeout", "1s"])
        defer { server.stop() }
        #expect(server.base.hasPrefix("http://127.0.0.1:"))
        for (host, status) in [("gate.home.lan", 200), ("GATE.HOME.LAN.", 200), ("127.0.0.1", 200), ("evil.example", 421)] {
            let connection = try RawConnection(port: server.port)
            let answer = try await connection.exchange("GET /openapi.yaml HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(answer.status == status, "Host: \(host)")
        }
        // 500 answers of about 30 KB to a client that reads none: reset after the 1 s write
        // timeout (the default, 30 s, would outlast the wait).
        let reader = try RawConnection(port: server.port, receiveBuffer: 4096)
        reader.write(String(repeating: "GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 500))
        #expect(try await reader.waitForCloseWithoutReading(timeout: 20), "the unread connection is still held")

        for (arguments, message) in [
            (["--allowed-host", "http://gate.home.lan"], "--allowed-host must be a host name, not 'http://gate.home.lan'"),
            (["--write-timeout", "10ms"], "--write-timeout must be a duration between 100ms and 1h, not '10ms'"),
            (["--write-timeout", "soon"], "--write-timeout must be a duration between 100ms and 1h, not 'soon'"),
        ] {
            let bad = try GatectlProcess.run(
                ["--port", "0", "--database", db.file("bad.sqlite")] + arguments, executable: try GatectlProcess.daemon)
            expectError(bad, status: 64, message: message)
        }
        #expect(!FileManager.default.fileExists(atPath: db.file("bad.sqlite")), "a refused start creates no database")
    }
}
