import Foundation
import GateCore
import Testing
import TestSlots

/// The values of notifications: URLs and their origins, event kinds, what an event says.
@Suite("Notification values", .boundedConcurrency)
struct NotificationValuesTests {
    @Test("a URL's origin is all that logs and the audit show: no path, query, or secret in them")
    func origins() throws {
        #expect(try NotificationURL("http://192.168.1.5:8123/api/webhook/s3cr3t").origin == "http://192.168.1.5:8123")
        #expect(try NotificationURL("HTTPS://NTFY.sh/topic?auth=abc").origin == "https://ntfy.sh")
        #expect(try NotificationURL("http://[::1]:9/hook").origin == "http://[::1]:9")
        #expect(throws: GateInputError.invalidNotification("the URL's port 70000 is out of range (1...65535)")) {
            try NotificationURL("http://example.org:70000/")
        }
        #expect(throws: GateInputError.invalidNotification("the URL must not have a #fragment")) {
            try NotificationURL("http://example.org/#top")
        }
        #expect(throws: GateInputError.invalidNotification("the URL must start with http:// or https://, not unix:")) {
            try NotificationURL("unix:///run/parental-gate/admin.sock")
        }
    }

    @Test("audit kinds map to the events parents hear of; the rest to none")
    func kinds() throws {
        #expect(NotificationEventKind(audit: .challengeTimedOut) == .failed)
        #expect(NotificationEventKind(audit: .hardLockStarted) == .hardLocked)
        #expect(NotificationEventKind(audit: .notificationTested) == nil, "a test is queued where it is sent, not by kind")
        let heard = AuditEventKind.allCases.filter { NotificationEventKind(audit: $0) != nil }
        #expect(Set(heard.compactMap(NotificationEventKind.init(audit:))) == Set(NotificationEventKind.subscribable))
        #expect(try NotificationEventKind.list(parsing: "unlocked, lockedOut,unlocked") == [.lockedOut, .unlocked])
        #expect(throws: GateInputError.invalidNotification("name the events to send, e.g. lockedOut,hardLocked, or all")) {
            try NotificationEventKind.list(parsing: "lockedOut,,")
        }
        #expect(try NotificationPriority.parse("urgent") == 5 && NotificationPriority.parse("min") == 1 && NotificationPriority.parse("3") == 3)
    }

    @Test("an event's facts never include answers, challenge ids or tokens; its webhook body is the same bytes every time")
    func event() throws {
        let answered = AuditEvent(
            .challengeFailed, profileID: 1, profileName: "emma", client: "tablet", challengeID: ChallengeID("0123456789abcdef0123456789abcdef"),
            details: ["wrongAnswers": "1", "value": "42"])
        #expect(NotificationEvent.details(of: answered) == ["client": "tablet", "reason": "tooManyWrongAnswers"])
        let event = NotificationEvent(
            kind: .failed, profile: "emma", occurredAt: Date(timeIntervalSince1970: 1_800_000_000),
            details: NotificationEvent.details(of: answered), auditID: 7)
        let body = event.webhookBody(deliveryID: "d")
        #expect(body == event.webhookBody(deliveryID: "d"))
        #expect(String(decoding: body, as: UTF8.self) == #"{"auditId":7,"details":{"client":"tablet","reason":"tooManyWrongAnswers"},"event":"failed","id":"d","message":"emma failed a parental gate challenge (wrong answers).","profile":"emma","time":"2027-01-15T08:00:00.000Z"}"#)
        #expect(event.title == "emma failed a challenge" && event.defaultPriority == 3)
    }

    @Test("settings: ntfy's options are ntfy's; at least one event")
    func settings() throws {
        #expect(throws: GateInputError.invalidNotification("title, priority and click are for ntfy; a webhook gets them all in its JSON")) {
            try NotificationSettings(channel: .webhook, url: "http://example.org/", priority: 3)
        }
        #expect(throws: GateInputError.invalidNotification("name at least one event to send (test is sent by notify test, not subscribed to)")) {
            try NotificationSettings(channel: .ntfy, url: "http://example.org/", events: [.test])
        }
        let settings = try NotificationSettings(channel: .ntfy, url: "http://example.org/", events: [.unlocked, .passed], title: " Gate ")
        #expect(settings.events == [.passed, .unlocked] && settings.title == "Gate")
    }
}
