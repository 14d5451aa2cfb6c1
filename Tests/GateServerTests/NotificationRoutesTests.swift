import Foundation
import GateServer
import Hummingbird
import HummingbirdTesting
import ParentalGate
import Testing
import TestSlots

/// The admin API's notifications, on a live server on loopback.
@Suite("HTTP admin API: notifications", .boundedConcurrency)
struct NotificationRoutesTests {
    static func json(_ response: TestResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body))
    }

    @Test("without an admin token every notification route is 401 and writes nothing")
    func needsToken() async throws {
        let (gate, _, app) = try await AdminRoutesTests.admin()
        _ = try await gate.addNotification(try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/x"), by: "mum")
        let before = try await gate.auditEntries(limit: 1000).items.count
        try await app.test(.live) { client in
            for (uri, method) in [
                ("/v1/admin/notifications", HTTPRequest.Method.get), ("/v1/admin/notifications", .post),
                ("/v1/admin/notifications/1", .delete), ("/v1/admin/notifications/1/test", .post),
            ] {
                let response = try await client.execute(
                    uri: uri, method: method, headers: [.authorization: "Bearer wrong-token", .contentType: "application/json"],
                    body: ByteBuffer(string: #"{"kind": "ntfy", "url": "https://ntfy.sh/y"}"#))
                #expect(response.status == .unauthorized, "\(method) \(uri)")
            }
        }
        #expect(try await gate.auditEntries(limit: 1000).items.count == before)
        #expect(try await gate.notifications().count == 1)
    }

    @Test("add (the secret in this answer only), list with the fingerprint, test, remove")
    func lifecycle() async throws {
        let (gate, auth, app) = try await AdminRoutesTests.admin()
        try await gate.addProfile("emma")
        try await app.test(.live) { client in
            let added = try await client.execute(
                uri: "/v1/admin/notifications", method: .post, headers: auth,
                body: ByteBuffer(string: #"{"kind": "webhook", "url": "http://192.168.1.5:8123/api/webhook/gate", "profile": "emma", "events": ["lockedOut", "hardLocked"]}"#))
            #expect(added.status == .created)
            let created = try #require(try Self.json(added) as? [String: Any])
            let secret = try #require(created["secret"] as? String)
            #expect(created["events"] as? [String] == ["lockedOut", "hardLocked"] && created["profile"] as? String == "emma")

            let listed = try await client.execute(uri: "/v1/admin/notifications", method: .get, headers: auth)
            #expect(!String(buffer: listed.body).contains(secret), "the list never shows the secret")
            let list = try #require(try Self.json(listed) as? [[String: Any]])
            #expect(list.count == 1 && list[0]["secretFingerprint"] as? String == created["secretFingerprint"] as? String)

            let tested = try await client.execute(uri: "/v1/admin/notifications/1/test", method: .post, headers: auth)
            #expect(tested.status == .accepted)
            #expect((try Self.json(tested) as? [String: Int])?["queued"] == 1)

            let removed = try await client.execute(uri: "/v1/admin/notifications/1", method: .delete, headers: auth)
            #expect(removed.status == .ok)
            #expect((try Self.json(removed) as? [String: Int]) == ["removed": 1, "droppedDeliveries": 1])
            let again = try await client.execute(uri: "/v1/admin/notifications/1", method: .delete, headers: auth)
            #expect(again.status == .notFound)
        }
        #expect(try await gate.notifications().isEmpty)
    }

    @Test("bad bodies and ids are 400 (an unknown profile 404), each with one clear detail, and write nothing")
    func badInput() async throws {
        let (gate, auth, app) = try await AdminRoutesTests.admin()
        let before = try await gate.auditEntries(limit: 1000).items.count
        try await app.test(.live) { client in
            for (body, status, detail) in [
                (#"{"kind": "pager", "url": "http://example.org/"}"#, HTTPResponse.Status.badRequest,
                 "unknown notification kind 'pager' (expected webhook or ntfy)"),
                (#"{"kind": "webhook", "url": "file:///etc/passwd"}"#, .badRequest, "the URL must start with http:// or https://, not file:"),
                (#"{"kind": "webhook", "url": "http://example.org/", "events": ["sometimes"]}"#, .badRequest,
                 "unknown event 'sometimes' (expected passed, failed, lockedOut, hardLocked, unlocked, request, parentCode or all)"),
                (#"{"kind": "webhook", "url": "http://example.org/", "events": []}"#, .badRequest,
                 "name at least one event to send (test is sent by notify test, not subscribed to)"),
                (#"{"kind": "ntfy", "url": "http://example.org/", "priority": 6}"#, .badRequest, "priority 6 is out of range (1...5)"),
                (#"{"kind": "webhook", "url": "http://example.org/", "secret": "mine"}"#, .badRequest,
                 "unknown field 'secret' (allowed: click, events, kind, priority, profile, title, url)"),
                (#"{"kind": "webhook", "url": "http://example.org/", "profile": "nobody"}"#, .notFound, "no profile named 'nobody'"),
            ] {
                let response = try await client.execute(uri: "/v1/admin/notifications", method: .post, headers: auth, body: ByteBuffer(string: body))
                #expect(response.status == status, "\(body)")
                #expect((try Self.json(response) as? [String: Any])?["detail"] as? String == detail, "\(body)")
            }
            for uri in ["/v1/admin/notifications/abc", "/v1/admin/notifications/0"] {
                let response = try await client.execute(uri: uri, method: .delete, headers: auth)
                #expect(response.status == .badRequest)
                #expect((try Self.json(response) as? [String: Any])?["detail"] as? String == "the notification id must be a whole number from 1")
            }
            let test = try await client.execute(uri: "/v1/admin/notifications/5/test", method: .post, headers: auth)
            #expect(test.status == .notFound)
        }
        #expect(try await gate.auditEntries(limit: 1000).items.count == before)
        #expect(try await gate.notifications().isEmpty)
    }
}
