import Foundation
import GateServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// Parent sessions over HTTP as another family member would try them: ending someone
/// else's, reading the open challenge's id, one child's pass replacing another's cookie.
@Suite("Sessions, cookies and the open challenge over HTTP", .boundedConcurrency)
struct SessionRoutesTests {
    /// Begins and passes a challenge of `profile` through `client`; the reply to the pass.
    static func pass(
        _ profile: String, _ fixture: ServerFixture, _ client: some TestClientProtocol, query: String = "", headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        let begun = try await client.json("/v1/profiles/\(profile)/challenges")
        let id = try #require((try GateRoutesTests.json(begun)["challenge"] as? [String: Any])?["id"] as? String)
        fixture.clock.advance(by: .seconds(3))
        let answer = try await fixture.answer(of: id)
        return try await client.json("/v1/challenges/\(id)/answer\(query)", #"{"value": \#(answer)}"#, headers: headers)
    }

    /// The `name=value` part of a `Set-Cookie`.
    static func pair(_ response: TestResponse) throws -> String {
        String(try #require(response.headers[.setCookie]).prefix { $0 != ";" })
    }

    @Test("ending parent mode needs that session's own token: none, a forged one or another profile's is 401 and ends nothing")
    func endSessionNeedsItsToken() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.addProfile("liam")
        try await fixture.app().test(.router) { client in
            let emma = try GateRoutesTests.json(try await Self.pass("emma", fixture, client))["token"] as? String
            let liam = try GateRoutesTests.json(try await Self.pass("liam", fixture, client))["token"] as? String
            let emmaToken = try #require(emma)
            let liamToken = try #require(liam)
            for headers: HTTPFields in [
                [:], [.authorization: "Bearer forged"], [.authorization: "Bearer \(liamToken)"],
                [.cookie: "parental_gate_session_liam=\(liamToken)"], [.cookie: "parental_gate_session_emma=forged"],
            ] {
                let refused = try await client.execute(uri: "/v1/profiles/emma/session", method: .delete, headers: headers)
                #expect(refused.status == .unauthorized, "\(headers)")
            }
            #expect(try await fixture.gate.state(profile: "emma").name == "parent", "still in parent mode")

            let ended = try await client.execute(
                uri: "/v1/profiles/emma/session", method: .delete, headers: [.cookie: "parental_gate_session_emma=\(emmaToken)"])
            #expect(ended.status == .ok)
            #expect(try GateRoutesTests.json(ended)["ended"] as? Bool == true)
            // The cookie removed: empty, expired now, with the attributes it was set with (in any order).
            let removal = (ended.headers[.setCookie] ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(removal.first == "parental_gate_session_emma=")
            #expect(Set(removal.dropFirst()) == ["Path=/", "Max-Age=0", "HttpOnly", "SameSite=Strict"])
            #expect(try await fixture.gate.state(profile: "emma").name == "child")
            #expect(try await fixture.gate.state(profile: "liam").name == "parent", "liam's session is untouched")
        }
    }

    @Test("GET /v1/session?profile=NAME answers only for NAME's session: another profile's bearer token or cookie is 401")
    func sessionOfTheNamedProfile() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.addProfile("liam")
        try await fixture.app().test(.router) { client in
            let liamToken = try #require(try GateRoutesTests.json(try await Self.pass("liam", fixture, client))["token"] as? String)
            for headers: HTTPFields in [[.authorization: "Bearer \(liamToken)"], [.cookie: "parental_gate_session_emma=\(liamToken)"]] {
                let crossed = try await client.execute(uri: "/v1/session?profile=emma", method: .get, headers: headers)
                #expect(crossed.status == .unauthorized, "\(headers)")
                #expect(!String(buffer: crossed.body).contains("expiresAt"))
            }
            let own = try await client.execute(uri: "/v1/session?profile=LIAM", method: .get, headers: [.authorization: "Bearer \(liamToken)"])
            #expect(own.status == .ok)
            #expect(try GateRoutesTests.json(own)["profile"] as? String == "liam")
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: [.authorization: "Bearer \(liamToken)"]).status == .ok)
        }
    }

    @Test("the state shows an open challenge without its id, to anyone; the id only went to the client that began it")
    func stateHidesTheChallengeID() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            let begun = try await client.json("/v1/profiles/emma/challenges")
            let id = try #require((try GateRoutesTests.json(begun)["challenge"] as? [String: Any])?["id"] as? String)
            let state = try await client.execute(uri: "/v1/profiles/emma/state", method: .get)
            let json = try GateRoutesTests.json(state)
            #expect(json["state"] as? String == "verifying")
            let challenge = try #require(json["challenge"] as? [String: Any])
            #expect(challenge["id"] == nil)
            #expect(challenge["prompt"] is String)
            #expect(!String(buffer: state.body).contains(id))
        }
    }

    @Test("with cookie=1 the token is only in the profile's cookie; two children's passes keep two cookies")
    func cookiePerProfile() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.addProfile("Zoë")
        try await fixture.app().test(.router) { client in
            let emma = try await Self.pass("emma", fixture, client, query: "?cookie=1")
            #expect(try GateRoutesTests.json(emma)["result"] as? String == "passed")
            #expect(try GateRoutesTests.json(emma)["token"] == nil, "no token in the body")
            let zoe = try await Self.pass("Zo%C3%AB", fixture, client, query: "?cookie=1")
            #expect(try GateRoutesTests.json(zoe)["token"] == nil)
            let emmaCookie = try Self.pair(emma)
            let zoeCookie = try Self.pair(zoe)
            #expect(emmaCookie.hasPrefix("parental_gate_session_emma="))
            #expect(zoeCookie.hasPrefix("parental_gate_session_zo%C3%AB="))
            let both: HTTPFields = [.cookie: "\(emmaCookie); \(zoeCookie)"]
            for profile in ["emma", "Zo%C3%AB", "ZO%C3%8B"] {
                let auth = try await client.execute(uri: "/v1/auth?profile=\(profile)", method: .get, headers: both)
                #expect(auth.status == .ok, "\(profile)")
            }
            // One profile's cookie never opens another's gate.
            let crossed = try await client.execute(
                uri: "/v1/auth?profile=emma", method: .get,
                headers: [.cookie: "parental_gate_session_emma=\(zoeCookie.split(separator: "=", maxSplits: 1)[1])"])
            #expect(crossed.status == .unauthorized)
            // A query naming two profiles is answered for neither, whichever a parser would take.
            for query in ["profile=Zo%C3%AB&profile=emma", "profile=emma&profile=emma", "profile="] {
                #expect(try await client.execute(uri: "/v1/auth?\(query)", method: .get, headers: both).status == .badRequest, "\(query)")
            }
            #expect(try await client.execute(uri: "/v1/session?profile=Zo%C3%AB", method: .get, headers: both).status == .ok)
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: both).status == .ok)
        }
    }

    @Test("cookie must be 1 or absent: anything else is 400 and records nothing", arguments: ["0", "yes", ""])
    func cookieValue(value: String) async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            let response = try await Self.pass("emma", fixture, client, query: "?cookie=\(value)")
            #expect(response.status == .badRequest)
        }
        #expect(try await fixture.gate.attempts(AttemptFilter(), limit: 100).items.isEmpty)
    }

    @Test("Secure only when clients come over TLS: --secure-cookies, not an X-Forwarded-Proto from an untrusted peer")
    func secureCookies() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        let forwarded = try #require(HTTPField.Name("X-Forwarded-Proto"))
        try await fixture.app().test(.router) { client in
            let untrusted = try await Self.pass("emma", fixture, client, query: "?cookie=1", headers: [forwarded: "https"])
            #expect(try #require(untrusted.headers[.setCookie]).contains("Secure") == false)
        }
        var options = GateServerOptions()
        options.secureCookies = true
        try await fixture.app(options).test(.router) { client in
            let secure = try await Self.pass("emma", fixture, client, query: "?cookie=1", headers: [.origin: "https://localhost"])
            #expect(try #require(secure.headers[.setCookie]).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.contains("Secure"))
        }
    }
}

extension SessionRoutesTests {
    @Test("forward auth answers a live session from memory, and refuses it the moment its time is up")
    func forwardAuthMemoAndExpiry() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            let token = try #require(try GateRoutesTests.json(try await Self.pass("emma", fixture, client))["token"] as? String)
            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            let first = try await client.execute(uri: "/v1/auth?profile=emma", method: .get, headers: bearer)
            #expect(first.status == .ok)
            let expires = try #require(try GateRoutesTests.json(first)["expiresAt"] as? String)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let expiresAt = try #require(formatter.date(from: expires))

            let hits = fixture.gate.sessionMemo.hits
            #expect(try await client.execute(uri: "/v1/auth?profile=emma", method: .get, headers: bearer).status == .ok)
            #expect(fixture.gate.sessionMemo.hits == hits + 1, "the second answer came from memory")

            let left = expiresAt.timeIntervalSince(fixture.clock.now)
            fixture.clock.advance(by: .milliseconds(Int64((left * 1000).rounded()) - 1))
            #expect(try await client.execute(uri: "/v1/auth?profile=emma", method: .get, headers: bearer).status == .ok)
            fixture.clock.advance(by: .milliseconds(1))
            #expect(try await client.execute(uri: "/v1/auth?profile=emma", method: .get, headers: bearer).status == .unauthorized)
            #expect(fixture.gate.sessionMemo.hits == hits + 3, "expiry refused from memory: no commit was needed")
        }
    }
}
