import Foundation
import GateServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import ParentalGate
import Testing
import TestSlots

/// "Ask a parent" over HTTP, as a child's page and a parent's phone use it, and as someone
/// holding a stale, forged or replayed link would try it.
@Suite("Ask a parent over HTTP: ask, wait, the approval page and its decision", .boundedConcurrency)
struct AskRoutesTests {
    /// A fixture with `emma` and a webhook for her events.
    static func fixture() async throws -> ServerFixture {
        let fixture = try ServerFixture()
        try await fixture.gate.addProfile("emma", displayName: "Emma <3")
        _ = try await fixture.gate.addNotification(
            try NotificationSettings(channel: .webhook, url: "http://127.0.0.1:9/hook", profile: "emma"), by: "mum")
        return fixture
    }

    /// The approval link token of the newest request notification.
    static func linkToken(_ fixture: ServerFixture) async throws -> String {
        let claimed = try await fixture.gate.claimNotifications(limit: 100, lease: .seconds(30), approvalBase: "http://gate.lan")
        let body = try #require(claimed.last { $0.kind == .request }?.body)
        let details = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["details"] as? [String: String])
        let token = String(try #require(details["approveURL"]).dropFirst("http://gate.lan/approve/".count))
        #expect(details["decideURL"] == "http://gate.lan/v1/approvals/" + token, "where a decision is POSTed, for the webhook's receiver")
        return token
    }

    @Test("ask (201 with a handle), wait, the page decides nothing, the link approves once, the waiting page gets the cookie once")
    func approveFlow() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await fixture.app().test(.router) { client in
            let asked = try await client.json("/v1/profiles/emma/ask", #"{"client": "tablet"}"#)
            #expect(asked.status == .created)
            let json = try GateRoutesTests.json(asked)
            let handle = try #require(json["id"] as? String)
            #expect((json["request"] as? [String: Any])?["status"] as? String == "pending")
            let again = try await client.json("/v1/profiles/emma/ask")
            #expect(again.status == .conflict, "one request waits at a time")

            let waiting = try await client.execute(uri: "/v1/requests/\(handle)?cookie=1", method: .get)
            #expect(try (GateRoutesTests.json(waiting)["request"] as? [String: Any])?["status"] as? String == "pending")
            #expect(waiting.headers[.setCookie] == nil)

            let token = try await Self.linkToken(fixture)
            for _ in 0..<2 {
                let page = try await client.execute(uri: "/approve/\(token)", method: .get)
                #expect(page.status == .ok)
                let html = String(buffer: page.body)
                #expect(html.contains("<title>Emma &lt;3 asks for parent mode</title>"))
                #expect(html.contains(#""client":"tablet""#) && html.contains(#""status":"pending""#))
                #expect(page.headers[.cacheControl] == "no-store")
                #expect(page.headers[try #require(HTTPField.Name("Referrer-Policy"))] == "no-referrer")
                #expect(page.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            }
            #expect(try await fixture.gate.state(profile: "emma") == .child, "loading the page decided nothing")
            // The dashboard's view: a request waits, its notification is not delivered yet.
            let before = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            for line in [
                "parental_gate_parent_requests_waiting 1.0", #"parental_gate_profiles{state="child"} 1.0"#,
                #"parental_gate_profiles{state="parent"} 0.0"#, "# TYPE parental_gate_notifications_pending gauge",
                #"parental_gate_build_info{version="\#(Gate.version)"} 1.0"#,
            ] {
                #expect(before.contains(line + "\n"), "\(line) in:\n\(before)")
            }
            #expect(before.contains(#/parental_gate_notifications_pending\{subscription="\d+"\} [1-9]/#), "\(before)")

            let approved = try await client.json("/v1/approvals/\(token)", #"{"decision": "approve"}"#)
            #expect(approved.status == .ok)
            // An approval is not a pass.
            let after = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            for line in [
                "parental_gate_approvals_total 1", "parental_gate_passes_total 0", "parental_gate_parent_requests_waiting 0.0",
                #"parental_gate_parent_requests_total{outcome="asked"} 1"#, #"parental_gate_parent_requests_total{outcome="approved"} 1"#,
                #"parental_gate_parent_requests_total{outcome="denied"} 0"#,
                #"parental_gate_profiles{state="parent"} 1.0"#, #"parental_gate_profiles{state="child"} 0.0"#,
            ] {
                #expect(after.contains(line + "\n"), "\(line) in:\n\(after)")
            }
            GateRoutesTests.expectWellNamed(after)
            #expect(try GateRoutesTests.json(approved)["status"] as? String == "approved")
            let replay = try await client.json("/v1/approvals/\(token)", #"{"decision": "deny"}"#)
            #expect(replay.status == .conflict, "a used link is refused")

            let picked = try await client.execute(uri: "/v1/requests/\(handle)?cookie=1", method: .get)
            let cookie = try #require(picked.headers[.setCookie])
            #expect(picked.headers[.cacheControl] == "no-store", "an answer that hands over a session is never cached")
            #expect(approved.headers[.cacheControl] == "no-store")
            #expect(cookie.hasPrefix("parental_gate_session_emma=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(try GateRoutesTests.json(picked)["token"] == nil, "with cookie=1 the token is only in the cookie")
            let pair = String(cookie.prefix { $0 != ";" })
            #expect(try await client.execute(uri: "/v1/auth?profile=emma", method: .get, headers: [.cookie: pair]).status == .ok)
            let later = try await client.execute(uri: "/v1/requests/\(handle)?cookie=1", method: .get)
            #expect(later.headers[.setCookie] == nil, "handed over once")
            #expect(try (GateRoutesTests.json(later)["request"] as? [String: Any])?["pickedUp"] as? Bool == true)
        }
    }

    @Test("the approval page speaks the parent's browser's language (the best of en, ru, de, fr, es it asks for, by q; else English), its 404 too")
    func pageLanguage() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await fixture.app().test(.router) { client in
            _ = try await client.json("/v1/profiles/emma/ask", #"{"client": "tablet"}"#)
            let token = try await Self.linkToken(fixture)
            let language = try #require(HTTPField.Name("Accept-Language"))
            for (header, lang, title, button) in [
                ("ru-RU,ru;q=0.9,en;q=0.8", "ru", "Emma &lt;3 просит родительский режим", "Разрешить"),
                ("ja-JP, de;q=0.5", "de", "Emma &lt;3 bittet um den Elternmodus", "Erlauben"),
                ("de;q=0.5, fr;q=0.9", "fr", "Emma &lt;3 demande le mode parent", "Accepter"),
                ("fr;q=0, es-MX", "es", "Emma &lt;3 pide el modo para padres", "Aprobar"),
                ("fr-CA", "fr", "Emma &lt;3 demande le mode parent", "Accepter"),
                ("es", "es", "Emma &lt;3 pide el modo para padres", "Aprobar"),
                ("ja, zh-Hant", "en", "Emma &lt;3 asks for parent mode", "Approve"),
                ("", "en", "Emma &lt;3 asks for parent mode", "Approve"),
            ] {
                let page = try await client.execute(uri: "/approve/\(token)", method: .get, headers: [language: header])
                let html = String(buffer: page.body)
                #expect(page.status == .ok && html.contains("<html lang=\"\(lang)\">"), "\(header)")
                #expect(html.contains("<title>\(title)</title>") && html.contains("\"approve\":\"\(button)\""), "\(header): \(html.prefix(400))")
            }
            let unknown = try await client.execute(uri: "/approve/nothing", method: .get, headers: [language: "fr"])
            #expect(unknown.status == .notFound && String(buffer: unknown.body).contains("Ce lien n’est pas valide"))
            #expect(try await fixture.gate.state(profile: "emma") == .child, "no page decided anything")
        }
    }

    @Test("a forged, altered or unknown link is 404 on the page and the decision; a bad decision 400; a cross-site decision 403; nothing changes")
    func hostileLinks() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await fixture.app().test(.router) { client in
            let handle = try #require(try GateRoutesTests.json(try await client.json("/v1/profiles/emma/ask"))["id"] as? String)
            let token = try await Self.linkToken(fixture)
            let delivery = String(token.prefix { $0 != "." })
            // The code's last character carries 2 spare bits: its sibling decodes to the same bytes.
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            let last = try #require(token.last.flatMap { alphabet.firstIndex(of: $0) })
            let sibling = String(token.dropLast()) + String(alphabet[last ^ 1])
            for forged in [
                "nothing", delivery, delivery + ".", String(repeating: "0", count: 32) + token.drop { $0 != "." },
                String(token.dropLast(2)) + (token.hasSuffix("AA") ? "BB" : "AA"), "%00" + token, token + "%00", sibling,
            ] {
                let page = try await client.execute(uri: "/approve/\(forged)", method: .get)
                #expect(page.status == .notFound, "\(forged)")
                #expect(!String(buffer: page.body).contains("Emma"), "a forged link shows nothing of the request")
                let decided = try await client.json("/v1/approvals/\(forged)", #"{"decision": "approve"}"#)
                #expect(decided.status == .notFound, "\(forged)")
            }
            #expect(try await client.json("/v1/approvals/\(token)", #"{"decision": "yes"}"#).status == .badRequest)
            let twice = try await client.json("/v1/approvals/\(token)", #"{"decision": "deny", "decision": "approve"}"#)
            #expect(twice.status == .badRequest && String(buffer: twice.body).contains("the field 'decision' is given twice"))
            // Said twice where a byte-wise reader would not see it (UTF-16), or with a comma another reader refuses.
            let utf16: [UInt8] = [0xFF, 0xFE] + #"{"decision": "deny", "decision": "approve"}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            for (body, said) in [
                (utf16, "the request body is refused: it is not UTF-8 text"),
                (Array(#"{"decision": "approve",}"#.utf8), "the request body is refused: a comma ends the outermost object or list"),
            ] {
                let refused = try await client.execute(
                    uri: "/v1/approvals/\(token)", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
                #expect(refused.status == .badRequest && String(buffer: refused.body).contains(said), "\(String(buffer: refused.body))")
            }
            #expect(try await client.json("/v1/approvals/\(token)", #"{"decision": "approve", "by": "x"}"#).status == .badRequest)
            let crossSite = try await client.json(
                "/v1/approvals/\(token)", #"{"decision": "approve"}"#, headers: [try #require(HTTPField.Name("Origin")): "https://evil.example"])
            #expect(crossSite.status == .forbidden)
            let form = try await client.execute(
                uri: "/v1/approvals/\(token)", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "decision=approve"))
            #expect(form.status == .unsupportedMediaType, "a form posted from another page cannot decide")
            #expect(try await fixture.gate.parentRequest(handle: handle).request.status == .pending)
            #expect(try await client.execute(uri: "/v1/requests/not-a-handle", method: .get).status == .notFound)
        }
    }

    @Test("the policy's askParent off is 403; asking again within askCooldown is 429 with Retry-After; an expired request's link is 409")
    func refusals() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await fixture.gate.setPolicy([(.askCooldown, "5m"), (.askExpiry, "2m")], for: "emma")
        try await fixture.app().test(.router) { client in
            let handle = try #require(try GateRoutesTests.json(try await client.json("/v1/profiles/emma/ask"))["id"] as? String)
            let token = try await Self.linkToken(fixture)
            fixture.clock.advance(by: .seconds(120))
            let expired = try await client.execute(uri: "/v1/requests/\(handle)", method: .get)
            #expect(try (GateRoutesTests.json(expired)["request"] as? [String: Any])?["status"] as? String == "expired")
            let page = try await client.execute(uri: "/approve/\(token)", method: .get)
            #expect(page.status == .ok && String(buffer: page.body).contains(#""status":"expired""#), "the page says it expired")
            #expect(try await client.json("/v1/approvals/\(token)", #"{"decision": "approve"}"#).status == .conflict)
            #expect(try await fixture.gate.state(profile: "emma") == .child)

            let tooSoon = try await client.json("/v1/profiles/emma/ask")
            #expect(tooSoon.status == .tooManyRequests)
            #expect(tooSoon.headers[.retryAfter] == "300")
            try await fixture.gate.setPolicy([(.askParent, "off")], for: "emma")
            fixture.clock.advance(by: .seconds(300))
            #expect(try await client.json("/v1/profiles/emma/ask").status == .forbidden)
            let gatePage = String(buffer: try await client.execute(uri: "/gate/emma", method: .get).body)
            #expect(gatePage.contains("const mayAsk = false;"), "the page offers no Ask button")
        }
    }
    @Test("over real HTTP: a used link and a removed profile's pending link are 404 once the profile is gone, and approve nobody's later request; the page names the asking computer account")
    func oldLinksAndAccount() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await fixture.gate.setPolicy([(.askCooldown, "0s")])
        try await fixture.gate.setPolicy([(.askCooldown, "0s")], for: "emma")
        try await fixture.gate.addProfile("liam")
        try await fixture.app().test(.live) { client in
            _ = try await client.json("/v1/profiles/emma/ask")
            let used = try await Self.linkToken(fixture)
            #expect(try await client.json("/v1/approvals/\(used)", #"{"decision": "approve"}"#).status == .ok)
            try await fixture.gate.endSession(profile: "emma")
            // Asked through the gate socket by the account emma-pc: the page says so, apart from the client's own words.
            guard case .asked = try await fixture.gate.acting(for: "emma-pc").askParent(profile: "emma", client: "Dad's phone") else {
                Issue.record("not asked")
                return
            }
            let pending = try await Self.linkToken(fixture)
            let page = String(buffer: try await client.execute(uri: "/approve/\(pending)", method: .get).body)
            #expect(page.contains(#""account":"emma-pc""#) && page.contains(#""client":"Dad's phone""#))
            #expect(page.contains(#""account":"Computer account""#) && page.contains("From (as the asking device says)"))
            try await fixture.gate.removeProfile("emma", by: "mum")

            let liams = try GateRoutesTests.json(try await client.json("/v1/profiles/liam/ask"))
            try await fixture.gate.addProfile("emma", displayName: "Emma")
            let emmas = try GateRoutesTests.json(try await client.json("/v1/profiles/emma/ask"))
            for link in [used, pending] {
                #expect(try await client.execute(uri: "/approve/\(link)", method: .get).status == .notFound)
                #expect(try await client.json("/v1/approvals/\(link)", #"{"decision": "approve"}"#).status == .notFound)
            }
            for (json, profile) in [(liams, "liam"), (emmas, "emma")] {
                let handle = try #require(json["id"] as? String)
                #expect(try await fixture.gate.parentRequest(handle: handle).request.status == .pending, "\(profile)'s request is untouched")
                #expect(try await fixture.gate.state(profile: profile) == .child)
            }
        }
    }
}
