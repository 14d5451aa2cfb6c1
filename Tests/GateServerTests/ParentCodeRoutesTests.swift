import Foundation
import GateServer
import GateStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// A parent's code over HTTP, as the gate page and a home server send it.
@Suite("Parents' codes over HTTP", .boundedConcurrency)
struct ParentCodeRoutesTests {
    @Test("POST /v1/profiles/NAME/parent-code: opened with a token (or the page's cookie), wrong once used, 404 with none, 400 malformed")
    func route() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.app().test(.router) { client in
            let none = try await client.json("/v1/profiles/emma/parent-code", #"{"code": "123456"}"#)
            #expect(none.status == .notFound)
            #expect(try GateRoutesTests.json(none)["detail"] as? String == "no parent's code is set up (add one with gatectl parent-code add NAME)")

            let added = try await fixture.gate.addParentCode(named: "mum")
            let secret = try #require(Base32.decode(added.secret))
            func code(_ offset: Int64 = 0) -> String {
                OneTimeCode.code(secret: secret, step: OneTimeCode.step(at: fixture.clock.now) + offset)
            }
            let opened = try await client.json("/v1/profiles/EMMA/parent-code", #"{"code": "\#(code())", "client": "hall"}"#)
            #expect(opened.status == .ok)
            let json = try GateRoutesTests.json(opened)
            #expect(json["result"] as? String == "opened" && json["until"] is String)
            let token = try #require(json["token"] as? String)
            #expect(try await fixture.gate.session(token: token)?.profile == "emma")
            #expect(opened.headers[.setCookie] == nil)

            let replayed = try await client.json("/v1/profiles/emma/parent-code", #"{"code": "\#(code())"}"#)
            #expect(try GateRoutesTests.json(replayed)["result"] as? String == "wrong")

            // The page's way: the cookie, never the token in the body.
            let page = try await client.json("/v1/profiles/emma/parent-code?cookie=1", #"{"code": "\#(code(1))"}"#)
            let pageJSON = try GateRoutesTests.json(page)
            #expect(pageJSON["result"] as? String == "opened" && pageJSON["token"] == nil)
            #expect(page.headers[.setCookie]?.hasPrefix("parental_gate_session_emma=") == true)

            for body in [#"{"code": "12345"}"#, #"{"code": 123456}"#, #"{"value": 1}"#, #"{"code": "123456", "extra": 1}"#] {
                let refused = try await client.json("/v1/profiles/emma/parent-code", body)
                #expect(refused.status == .badRequest, "\(body)")
            }
            let badCookie = try await client.json("/v1/profiles/emma/parent-code?cookie=yes", #"{"code": "123456"}"#)
            #expect(badCookie.status == .badRequest)
            let nobody = try await client.json("/v1/profiles/nobody/parent-code", #"{"code": "123456"}"#)
            #expect(nobody.status == .notFound)
        }
        let accepted = try await fixture.gate.auditEntries(AuditFilter(kinds: [.parentCodeAccepted]), limit: 10).items
        #expect(accepted.map(\.event.actor) == ["mum", "mum"] && accepted.first?.event.client == "hall")
    }
}

/// Quiet hours over HTTP.
@Suite("Quiet hours over HTTP", .boundedConcurrency)
struct QuietHoursRoutesTests {
    @Test("a begin in quiet hours is 423 with Retry-After and says so; the state is quietHours with until")
    func quiet() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.gate.addProfile("emma")
        try await fixture.gate.setPolicy([(.quietHours, "daily 00:00-12:00; daily 12:00-00:00"), (.timeZone, "UTC")], for: "emma")
        try await fixture.app().test(.router) { client in
            let begin = try await client.json("/v1/profiles/emma/challenges")
            #expect(begin.status.code == 423)
            #expect(Int(begin.headers[.retryAfter] ?? "") ?? 0 > 0)
            let detail = try GateRoutesTests.json(begin)["detail"] as? String
            #expect(detail?.hasPrefix("emma is in quiet hours until ") == true && detail?.hasSuffix("only a parent's code or approval opens the gate") == true)
            let state = try GateRoutesTests.json(try await client.execute(uri: "/v1/profiles/emma/state", method: .get))
            #expect(state["state"] as? String == "quietHours" && state["until"] is String)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains(#"parental_gate_profiles{state="quietHours"} 1.0"#), "\(metrics)")
        }
    }
}
