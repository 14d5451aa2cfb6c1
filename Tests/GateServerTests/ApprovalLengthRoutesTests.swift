import Foundation
import GateServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// How long an approval opens parent mode: the approval page's and ntfy's choices, over HTTP.
@Suite("Approve for how long, over HTTP and from ntfy's buttons", .boundedConcurrency)
struct ApprovalLengthRoutesTests {
    /// A fixture with `emma`, an ntfy topic for her requests, and a request waiting; its
    /// notification's headers as the daemon would send them.
    static func asked(_ fixture: ServerFixture, client: some TestClientProtocol) async throws -> [(String, String)] {
        try await fixture.gate.addProfile("emma")
        _ = try await fixture.gate.addNotification(
            try NotificationSettings(channel: .ntfy, url: "https://ntfy.example/family-7f3a", profile: "emma"), by: "mum")
        let asked = try await client.json("/v1/profiles/emma/ask", #"{"client": "tablet"}"#)
        #expect(asked.status == .created)
        let claimed = try await fixture.gate.claimNotifications(limit: 10, lease: .seconds(30), approvalBase: "http://gate.lan")
        return try #require(claimed.first { $0.kind == .request }).headers
    }

    @Test("ntfy's request carries three buttons; the first, sent as ntfy sends it, approves for 15 minutes")
    func ntfyButtons() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.app().test(.router) { client in
            let headers = try await Self.asked(fixture, client: client)
            let click = try #require(headers.first { $0.0 == "Click" }?.1)
            let actions = try #require(headers.first { $0.0 == "Actions" }?.1)
            let token = String(click.dropFirst("http://gate.lan/approve/".count))
            let url = "http://gate.lan/v1/approvals/\(token)"
            #expect(actions == [
                #"http, Approve 15 min, \#(url), method=POST, headers.Content-Type=application/json, body='{"decision":"approve","for":"15m"}', clear=true"#,
                #"http, Approve 1 hour, \#(url), method=POST, headers.Content-Type=application/json, body='{"decision":"approve","for":"1h"}', clear=true"#,
                #"http, Deny, \#(url), method=POST, headers.Content-Type=application/json, body='{"decision":"deny"}', clear=true"#,
            ].joined(separator: "; "))

            // The first button, as the phone's ntfy app sends it: no Origin, no cookie.
            let first = try #require(actions.split(separator: ";").first)
            let body = try #require(first.split(separator: "body='").last?.split(separator: "'").first)
            let decided = try await client.json("/v1/approvals/\(token)", String(body))
            #expect(decided.status == .ok)
            guard case .parent(let until) = try await fixture.gate.state(profile: "emma") else {
                Issue.record("not approved")
                return
            }
            #expect(until == fixture.clock.now.addingTimeInterval(15 * 60))
            let again = try await client.json("/v1/approvals/\(token)", #"{"decision":"deny"}"#)
            #expect(again.status == .conflict, "decided once")
        }
    }

    @Test("the page's lengths: 1h and endOfDay (the profile's zone) are taken, capped by maxApproval; a length it does not take is 400 and decides nothing")
    func lengths() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.app().test(.router) { client in
            let headers = try await Self.asked(fixture, client: client)
            let token = String(try #require(headers.first { $0.0 == "Click" }?.1).dropFirst("http://gate.lan/approve/".count))
            for bad in [#"{"decision":"approve","for":"forever"}"#, #"{"decision":"approve","for":"30s"}"#, #"{"decision":"approve","for":"2d"}"#] {
                let refused = try await client.json("/v1/approvals/\(token)", bad)
                #expect(refused.status == .badRequest, "\(bad)")
            }
            #expect(try await fixture.gate.state(profile: "emma") == .child, "nothing decided")
            // Until the end of the day in Kathmandu (UTC+5:45): the fixture's clock reads 2027-01-15
            // 08:00 UTC, 13:45 there, so midnight there is 18:15 UTC (maxApproval 1d does not cut it).
            try await fixture.gate.setPolicy([(.timeZone, "Asia/Kathmandu"), (.maxApproval, "1d")], for: "emma")
            let decided = try await client.json("/v1/approvals/\(token)", #"{"decision":"approve","for":"endOfDay"}"#)
            #expect(decided.status == .ok)
            guard case .parent(let until) = try await fixture.gate.state(profile: "emma") else {
                Issue.record("not approved")
                return
            }
            #expect(fixture.clock.now == ISO8601DateFormatter().date(from: "2027-01-15T08:00:00Z"))
            #expect(until == ISO8601DateFormatter().date(from: "2027-01-15T18:15:00Z"))
        }
    }
}
