import Foundation
import Testing
import TestSlots

@Suite("gatectl serve, over real HTTP on loopback", .boundedConcurrency)
struct ServeTests {
    @Test("serve prints where it listens at once, answers healthz and the gate API, and stops cleanly on SIGTERM")
    func serve() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--min-response-time", "0s", "--time-limit", "10m"])
        let server = try await ServedGate.start(db)

        let begun = try await HTTPClient.send(server.url("/v1/profiles/emma/challenges"), method: "POST", json: "{}")
        #expect(begun.status == 201)
        let id = try #require((begun.json["challenge"] as? [String: Any])?["id"] as? String)
        let answer = try db.answer(ofChallenge: id)
        let passed = try await HTTPClient.send(server.url("/v1/challenges/\(id)/answer"), method: "POST", json: #"{"value": \#(answer)}"#)
        #expect(passed.status == 200)
        let token = try #require(passed.json["token"] as? String)
        let auth = server.url("/v1/auth?profile=emma")
        #expect(try await HTTPClient.send(auth, headers: ["Authorization": "Bearer \(token)"]).status == 200)
        #expect(try await HTTPClient.send(auth).status == 401)

        let ended = server.stop()
        #expect(ended.status == 0, "\(ended.stderr)")
    }

    @Test("names that need percent-encoding work through the real server: the page of Zoë, a begin for Anna Maria")
    func encodedNames() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("Zoë")
        try db.addProfile("Anna Maria")
        let server = try await ServedGate.start(db)
        let page = try await HTTPClient.send(server.url("/gate/Zo%C3%AB"))
        #expect(page.status == 200)
        #expect(page.text.contains("<title>Zoë</title>"))
        let begun = try await HTTPClient.send(server.url("/v1/profiles/Anna%20Maria/challenges"), method: "POST", json: "{}")
        #expect(begun.status == 201, "\(begun.text)")
        #expect(try await HTTPClient.send(server.url("/v1/profiles/Anna%20Maria/state")).json["state"] as? String == "verifying")
    }

    @Test("--init-admin-token prints the token on a pipe at once, while the server runs, and it opens /v1/admin")
    func initAdminToken() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let server = try await ServedGate.start(db, ["--init-admin-token", "--by", "mum"])
        let line = try #require(server.process.printed.split(separator: "\n").first { $0.hasPrefix("admin token") })
        let token = try #require(line.split(separator: " ").last.map(String.init))
        #expect(token.count >= 32)

        let profiles = try await HTTPClient.send(server.url("/v1/admin/profiles"), headers: ["Authorization": "Bearer \(token)"])
        #expect(profiles.status == 200)
        #expect(profiles.text.contains(#""name":"emma""#))
        let added = try await HTTPClient.send(
            server.url("/v1/admin/profiles"), method: "POST", headers: ["Authorization": "Bearer \(token)"],
            json: #"{"name": "Zoë", "locale": "fr"}"#)
        #expect(added.status == 201, "\(added.text)")
        #expect(try await HTTPClient.send(server.url("/v1/admin/profiles"), headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(server.stop().status == 0)
        #expect(try db.ok(["profile", "list", "--json"]).stdout.contains("Zoë"))
    }

    @Test("--admin-token-file: the token in the file opens /v1/admin; only its hash is stored")
    func adminTokenFile() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let token = "family-admin-token-" + String(repeating: "x", count: 24)
        let file = try db.writeAdminToken(token)
        let server = try await ServedGate.start(db, ["--admin-token-file", file])
        let verify = try await HTTPClient.send(server.url("/v1/admin/audit/verify"), headers: ["Authorization": "Bearer \(token)"])
        #expect(verify.status == 200)
        #expect(verify.json["isIntact"] as? Bool == true)
        server.stop()
        #expect(!(try db.sqlite(".dump")).contains(token), "the token itself is not in the file")
    }

    @Test("a token file that is missing or too short is one error line, exit 64, and nothing changes", arguments: [
        ("missing", "cannot read"), ("short", "an admin token must be 32 to 512 characters without spaces"),
        ("weak", "the admin token is too easy to guess (1 different characters, about 0 bits; at least 8 and 80 are needed): make one with openssl rand -hex 32"),
    ])
    func badTokenFile(kind: String, message: String) throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let file = switch kind {
        case "missing": db.file("nothing-here")
        case "short": try db.writeAdminToken("too-short")
        default: try db.writeAdminToken(String(repeating: "a", count: 32))
        }
        let before = try db.snapshot()
        let result = try db.run(["serve", "--port", "0", "--admin-token-file", file])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("serve's flags refuse nonsense with one line and exit 64", arguments: [
        ["--trusted-proxy", "nginx.local"], ["--trusted-proxy", "300.1.1.1"], ["--rate-limit-per-address", "0/1m"],
        ["--rate-limit-per-profile", "12"], ["--no-rate-limit", "--rate-limit-per-profile", "1/1m"], ["--idle-timeout", "1ms"],
        ["--read-timeout", "2h"], ["--max-connections", "0"], ["--max-connections-per-address", "-1"], ["--port", "70000"],
    ])
    func badFlags(arguments: [String]) throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let result = try db.run(["serve"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db.path), "no database was created")
    }
}
