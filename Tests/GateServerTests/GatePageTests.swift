import Foundation
import GateServer
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing

@Suite("The gate web page")
struct GatePageTests {
    @Test("the page is in the profile's language, labelled, and carries a safe next path")
    func page() async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma", displayName: "Emma <3", locale: "ru-RU")
        let app = Application(router: GateServer(gate: gate).router())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/gate/emma?next=/settings%3Ftab%3D1", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: response.body)
            #expect(html.contains(#"<html lang="ru">"#))
            #expect(html.contains("Emma &lt;3"))
            #expect(!html.contains("Emma <3"))
            #expect(html.contains(#"const next = "/settings?tab=1";"#))
            #expect(html.contains(#"<label for="answer""#))
            #expect(html.contains("Введите ответ цифрами."))
            #expect(!html.contains("{{"))
            let unknown = try await client.execute(uri: "/gate/nobody", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("next may only be a same-origin relative path: no open redirect", arguments: [
        ("/settings", "/settings"), ("//evil.example/x", "/"), ("https://evil.example", "/"), ("/\\evil.example", "/"),
        ("evil", "/"), ("", "/"), ("/a\nb", "/"), ("/photos/delete?id=3", "/photos/delete?id=3"),
    ])
    func safeNext(next: String, expected: String) async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma")
        let app = Application(router: GateServer(gate: gate).router())
        var components = URLComponents()
        components.path = "/gate/emma"
        components.queryItems = [URLQueryItem(name: "next", value: next)]
        let uri = try #require(components.string)
        try await app.test(.router) { client in
            let html = String(buffer: try await client.execute(uri: uri, method: .get).body)
            #expect(html.contains("const next = \"\(expected)\";"), "\(next)")
        }
    }

    @Test("a pass with ?cookie=1 sets an HttpOnly, SameSite=Strict session cookie that forward auth accepts")
    func cookie() async throws {
        let clock = ManualClock()
        let gate = try Gate(database: .inMemory, timeSource: .manual(clock))
        try await gate.addProfile("emma")
        guard case .challenge(let challenge) = try await gate.begin(profile: "emma") else {
            Issue.record("no challenge")
            return
        }
        let answer = try #require(try await gate.store.read { try $0.challenge(id: challenge.id) }).issued.answer
        clock.advance(by: .seconds(3))
        let app = Application(router: GateServer(gate: gate).router())
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/challenges/\(challenge.id)/answer?cookie=1", method: .post, body: ByteBuffer(string: #"{"value": \#(answer)}"#))
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.hasPrefix("parental_gate_session="))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Max-Age=600"))
            let token = String(cookie.dropFirst("parental_gate_session=".count).prefix { $0 != ";" })
            let auth = try await client.execute(
                uri: "/v1/auth?profile=emma", method: .get, headers: [.cookie: "parental_gate_session=\(token)"])
            #expect(auth.status == .ok)
        }
    }
}
