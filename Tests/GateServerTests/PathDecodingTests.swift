import Foundation
import GateServer
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// Names that need percent-encoding in a URL work on every route that takes one: the gate
/// page's own `encodeURIComponent` sends them that way.
@Suite("Percent-encoded names in paths", .boundedConcurrency)
struct PathDecodingTests {
    static func encoded(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
    }

    @Test("gate page, begin, answer, state and end session for names that need encoding", arguments: [
        "Zoë", "Anna Maria", "O'Brien/Jr", "日本", "50% off", "a+b", "Emma?x=1#y",
    ])
    func gateRoutes(name: String) async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile(name, displayName: "Profile \(name)")
        let path = Self.encoded(name)
        try await fixture.app().test(.router) { client in
            let page = try await client.execute(uri: "/gate/\(path)", method: .get)
            #expect(page.status == .ok, "\(name): \(String(buffer: page.body))")
            #expect(String(buffer: page.body).contains("<title>Profile"))

            let begun = try await client.json("/v1/profiles/\(path)/challenges")
            #expect(begun.status == .created, "\(name): \(String(buffer: begun.body))")
            let id = try #require((try GateRoutesTests.json(begun)["challenge"] as? [String: Any])?["id"] as? String)
            let state = try await client.execute(uri: "/v1/profiles/\(path)/state", method: .get)
            #expect(try GateRoutesTests.json(state)["state"] as? String == "verifying")
            #expect(try GateRoutesTests.json(state)["profile"] as? String == name)

            fixture.clock.advance(by: .seconds(3))
            let answer = try await fixture.answer(of: id)
            let passed = try await client.json("/v1/challenges/\(id)/answer?cookie=1", #"{"value": \#(answer)}"#)
            #expect(try GateRoutesTests.json(passed)["result"] as? String == "passed")
            let cookie = try #require(passed.headers[.setCookie])
            let pair = String(cookie.prefix { $0 != ";" })
            #expect(pair.hasPrefix(GateServer.sessionCookieName(for: name) + "="))
            let auth = try await client.execute(
                uri: "/v1/auth?profile=\(path)", method: .get, headers: [.cookie: pair])
            #expect(auth.status == .ok, "\(name): forward auth with the profile's cookie")

            let ended = try await client.execute(uri: "/v1/profiles/\(path)/session", method: .delete, headers: [.cookie: pair])
            #expect(ended.status == .ok, "\(name): \(String(buffer: ended.body))")
        }
    }

    @Test("admin routes take encoded names: policy, patch and unlock")
    func adminRoutes() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let token = try await fixture.gate.addAdminToken(label: "tests", by: "mum")
        try await fixture.gate.addProfile("Anna Maria")
        let auth: HTTPFields = [.authorization: "Bearer \(token)"]
        try await fixture.app().test(.router) { client in
            let policy = try await client.execute(uri: "/v1/admin/profiles/Anna%20Maria/policy", method: .get, headers: auth)
            #expect(policy.status == .ok, "\(String(buffer: policy.body))")
            let patched = try await client.json(
                "/v1/admin/profiles/Anna%20Maria/policy", method: .patch, #"{"fields": {"lockout": "10m"}}"#, headers: auth)
            #expect(patched.status == .ok, "\(String(buffer: patched.body))")
            let unlocked = try await client.json("/v1/admin/profiles/Anna%20Maria/unlock", #"{"by": "mum"}"#, headers: auth)
            #expect(unlocked.status == .ok, "\(String(buffer: unlocked.body))")
        }
        #expect(try await fixture.gate.policy(for: "Anna Maria").policy.lockout == .seconds(600))
    }

    @Test("malformed percent-encoding is one 400 and records nothing", arguments: [
        "/gate/%ZZ", "/v1/profiles/%C3/challenges", "/v1/profiles/emma%/state", "/v1/profiles/%FF%FE/session",
    ])
    func malformed(uri: String) async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        let before = try await fixture.gate.auditEntries(limit: 1000).items.count
        try await fixture.app().test(.router) { client in
            let method: HTTPRequest.Method = uri.hasSuffix("challenges") ? .post : uri.hasSuffix("session") ? .delete : .get
            let response = try await client.json(uri, method: method)
            #expect(response.status == .badRequest, "\(uri): \(String(buffer: response.body))")
            #expect(response.headers[.contentType] == "application/problem+json")
        }
        #expect(try await fixture.gate.auditEntries(limit: 1000).items.count == before)
    }
}
