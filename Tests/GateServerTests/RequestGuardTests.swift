import Foundation
import GateServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// What a web page on another site can make a family member's browser send: refused before
/// it reaches the gate, and nothing recorded.
@Suite("Cross-site requests and content types", .boundedConcurrency)
struct RequestGuardTests {
    /// Every route that changes something, with a valid JSON body for it.
    static func routes(challenge: String) -> [(String, HTTPRequest.Method, String)] {
        [
            ("/v1/profiles/emma/challenges", .post, "{}"),
            ("/v1/challenges/\(challenge)/answer", .post, #"{"value": 8}"#),
            ("/v1/challenges/\(challenge)/cancel", .post, "{}"),
            ("/v1/admin/profiles", .post, #"{"name": "liam"}"#),
            ("/v1/admin/profiles/emma/policy", .patch, #"{"fields": {"lockout": "1m"}}"#),
            ("/v1/admin/profiles/emma/unlock", .post, #"{"by": "mum"}"#),
            ("/v1/admin/question-sets", .post, #"{"name": "q", "locale": "en", "questions": [{"prompt": "p", "answer": 1}]}"#),
        ]
    }

    /// A gate with an admin token and emma's open challenge.
    static func setUp() async throws -> (ServerFixture, String, String) {
        let fixture = try ServerFixture()
        let token = try await fixture.gate.addAdminToken(label: "tests", by: "mum")
        try await fixture.gate.addProfile("emma")
        guard case .challenge(let challenge) = try await fixture.gate.begin(profile: "emma") else {
            fixture.remove()
            throw GateError.notFound(.challenge("emma's"))
        }
        return (fixture, token, challenge.id.rawValue)
    }

    @Test("every POST and PATCH without Content-Type: application/json is 415, and nothing is recorded", arguments: [
        nil, "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
        "application/jsonx", "application/json-patch+json", "json", "",
    ])
    func contentType(type: String?) async throws {
        let (fixture, token, challenge) = try await Self.setUp()
        defer { fixture.remove() }
        let before = try await fixture.gate.auditEntries(limit: 1000).items.count
        try await fixture.app().test(.router) { client in
            for (uri, method, body) in Self.routes(challenge: challenge) {
                var headers: HTTPFields = [.authorization: "Bearer \(token)"]
                if let type { headers[.contentType] = type }
                let response = try await client.execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
                #expect(response.status == .unsupportedMediaType, "\(method) \(uri) with \(type ?? "no type")")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
        #expect(try await fixture.gate.auditEntries(limit: 1000).items.count == before, "nothing was recorded")
    }

    @Test("JSON with a charset, in any case, is accepted")
    func jsonVariants() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            for type in ["application/json; charset=utf-8", "Application/JSON"] {
                let response = try await client.json("/v1/profiles/emma/challenges", headers: [.contentType: type])
                #expect(response.status == .created, "\(type)")
            }
        }
    }

    @Test("a cross-origin browser request is 403 on every route that changes something, and nothing is recorded", arguments: [
        ["Origin": "http://evil.example"], ["Origin": "null"], ["Origin": "http://localhost:8081"], ["Origin": "https://localhost"],
        ["Origin": "http://localhost.evil.example"], ["Origin": "http://evil.example@localhost"], ["Origin": ""],
        ["Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "same-site"],
    ])
    func crossOrigin(headers: [String: String]) async throws {
        let (fixture, token, challenge) = try await Self.setUp()
        defer { fixture.remove() }
        let before = try await fixture.gate.auditEntries(limit: 1000).items.count
        try await fixture.app().test(.router) { client in
            var fields: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            for (name, value) in headers { fields[try #require(HTTPField.Name(name))] = value }
            for (uri, method, body) in Self.routes(challenge: challenge) + [("/v1/profiles/emma/session", .delete, "")] {
                let response = try await client.execute(uri: uri, method: method, headers: fields, body: ByteBuffer(string: body))
                #expect(response.status == .forbidden, "\(method) \(uri) with \(headers)")
            }
        }
        #expect(try await fixture.gate.auditEntries(limit: 1000).items.count == before, "nothing was recorded")
    }

    @Test("the server's own origin, and requests without Origin (scripts), pass")
    func sameOrigin() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.addProfile("liam")
        try await fixture.app().test(.router) { client in
            // HummingbirdTesting's requests are for http://localhost.
            let own = try await client.json("/v1/profiles/emma/challenges", headers: [.origin: "http://localhost"])
            #expect(own.status == .created)
            let fetchSite = try #require(HTTPField.Name("Sec-Fetch-Site"))
            let script = try await client.json("/v1/profiles/liam/challenges", headers: [fetchSite: "same-origin"])
            #expect(script.status == .created)
        }
    }
}
