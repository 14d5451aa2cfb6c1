import Foundation
import Testing
import TestSlots

/// When the session cookie is `Secure`: clients over TLS, said by `--secure-cookies` or by a
/// trusted proxy's `X-Forwarded-Proto`, never by anyone else's.
@Suite("gatectl serve session cookies", .boundedConcurrency)
struct ServeCookieTests {
    /// Begins and passes a challenge of emma with `cookie=1`; the `Set-Cookie` it answered.
    static func passCookie(_ server: ServedGate, _ db: TestDatabase, headers: [String: String] = [:]) async throws -> String {
        let begun = try await HTTPClient.send(server.url("/v1/profiles/emma/challenges"), method: "POST", headers: headers, json: "{}")
        let id = try #require((begun.json["challenge"] as? [String: Any])?["id"] as? String, "\(begun.text)")
        let passed = try await HTTPClient.send(
            server.url("/v1/challenges/\(id)/answer?cookie=1"), method: "POST", headers: headers,
            json: #"{"value": \#(try db.answer(ofChallenge: id))}"#)
        #expect(passed.json["result"] as? String == "passed")
        #expect(passed.json["token"] == nil)
        return try #require(passed.header("Set-Cookie"))
    }

    @Test("--secure-cookies: Secure, and the server's origin is https")
    func secureFlag() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--min-response-time", "0s", "--time-limit", "10m"])
        let server = try await ServedGate.start(db, ["--secure-cookies"])
        let cookie = try await Self.passCookie(server, db, headers: ["Origin": "https://127.0.0.1:\(server.port)"])
        #expect(cookie.hasPrefix("parental_gate_session_emma=") && Self.attributes(cookie).contains("Secure"), "\(cookie)")
        let plain = try await HTTPClient.send(
            server.url("/v1/profiles/emma/challenges"), method: "POST", headers: ["Origin": server.base], json: "{}")
        #expect(plain.status == 403, "http://… is another origin than https://…")
    }

    @Test("X-Forwarded-Proto: https makes the cookie Secure from a --trusted-proxy only")
    func forwardedProto() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--min-response-time", "0s", "--time-limit", "10m"])
        let trusting = try await ServedGate.start(db, ["--trusted-proxy", "127.0.0.1"])
        #expect(Self.attributes(try await Self.passCookie(trusting, db, headers: ["X-Forwarded-Proto": "https"])).contains("Secure"))
        #expect(try await Self.passCookie(trusting, db).contains("Secure") == false)
        trusting.stop()
        let other = try await ServedGate.start(db, ["--trusted-proxy", "192.0.2.1"])
        #expect(try await Self.passCookie(other, db, headers: ["X-Forwarded-Proto": "https"]).contains("Secure") == false)
    }

    /// The attributes of a `Set-Cookie` value, which come in any order.
    static func attributes(_ cookie: String) -> Set<String> {
        Set(cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
