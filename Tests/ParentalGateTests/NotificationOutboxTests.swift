import Foundation
import GateCore
import ParentalGate
import ParentalGateTesting
import TestSlots
import Testing

/// The outbox as the daemon works it, on the gate's manual clock: claims, leases, retries
/// with backoff, deliveries; nothing here sleeps.
@Suite("Notifications: the outbox, claims and retries on the gate's clock", .boundedConcurrency)
struct NotificationOutboxTests {
    static let retry = RetrySchedule(base: .seconds(5), maximum: .seconds(60))

    /// A gate with `emma` (two failed challenges lock her out) and an ntfy subscription for `events`.
    static func gate(on backend: Backend, events: [NotificationEventKind] = NotificationEventKind.subscribable) async throws -> BackendGate {
        let backing = try await backend.gate()
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy([(.maxFailedChallenges, "2"), (.minResponseTime, "0s")], for: "emma")
        _ = try await test.gate.addNotification(
            try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/gate", profile: "emma", events: events), by: "mum")
        return backing
    }

    @Test("the events parents subscribe to are queued, each once, in order; the others are not", arguments: Backend.allCases)
    func queued(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend, events: [.failed, .lockedOut, .unlocked])
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("liam")
        _ = try await test.fail(try await test.begin("liam"))  // another profile's
        _ = try await test.fail(try await test.begin("emma"))
        _ = try await test.fail(try await test.begin("emma"))
        try await test.gate.unlock(profile: "emma", by: "mum")
        _ = try await test.pass(try await test.begin("emma"))  // passed: not subscribed
        let claimed = try await test.gate.claimNotifications(limit: 100, lease: .seconds(30))
        #expect(claimed.map(\.kind) == [.failed, .failed, .lockedOut, .unlocked])
        #expect(Set(claimed.map(\.deliveryID)).count == 4 && claimed.allSatisfy { $0.deliveryID.count == 32 })
        #expect(claimed.allSatisfy { $0.attempt == 1 && $0.problem == nil })
        #expect(String(decoding: claimed[3].body, as: UTF8.self) == "mum unlocked the parental gate of emma.")
    }

    @Test("a failed try waits base × 2^(n-1), capped; a claim not recorded (a daemon killed mid-try) is due again after its lease, with the same id", arguments: Backend.allCases)
    func retries(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.testNotification(by: "mum")
        var claimed = try await test.gate.claimNotifications(limit: 10, lease: .seconds(30))
        let id = try #require(claimed.first?.deliveryID)
        #expect(try await test.gate.claimNotifications(limit: 10, lease: .seconds(30)).isEmpty, "claimed: no one else sends it")
        for (attempt, wait) in [(1, 5), (2, 10), (3, 20), (4, 40), (5, 60), (6, 60)] {
            let notification = try #require(claimed.first)
            #expect(notification.attempt == attempt && notification.deliveryID == id)
            try await test.gate.recordTry(of: notification, error: "HTTP 503", retry: Self.retry)
            test.advance(by: .seconds(wait) - .milliseconds(1))
            #expect(try await test.gate.claimNotifications(limit: 10, lease: .seconds(30)).isEmpty, "not before \(wait)s")
            test.advance(by: .milliseconds(1))
            claimed = try await test.gate.claimNotifications(limit: 10, lease: .seconds(30))
        }
        #expect(try await test.gate.notifications().first?.lastError == "HTTP 503")
        // Claimed and never recorded, as by a daemon killed mid-try: due again after the lease.
        test.advance(by: .seconds(30))
        let again = try #require(try await test.gate.claimNotifications(limit: 10, lease: .seconds(30)).first)
        #expect(again.deliveryID == id && again.attempt == 8)
        try await test.gate.recordTry(of: again, error: nil, retry: Self.retry)
        test.advance(by: .seconds(3600))
        #expect(try await test.gate.claimNotifications(limit: 10, lease: .seconds(30)).isEmpty, "delivered: never sent again")
        let subscription = try #require(try await test.gate.notifications().first)
        #expect(subscription.pending == 0 && subscription.lastDeliveredAt != nil)
    }

    @Test("a claim takes at most its limit, oldest first; a test goes only where it is sent", arguments: Backend.allCases)
    func limits(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let second = try await test.gate.addNotification(try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/two"), by: "mum")
        try await test.gate.testNotification(second.subscription.id, by: "mum")
        for _ in 0..<3 { try await test.gate.testNotification(by: "mum") }
        let first = try await test.gate.claimNotifications(limit: 4, lease: .seconds(30))
        #expect(first.count == 4 && first[0].subscriptionID == second.subscription.id)
        #expect(try await test.gate.claimNotifications(limit: 4, lease: .seconds(30)).count == 3)
        await #expect(throws: GateError.notFound(.notification(99))) {
            try await test.gate.testNotification(99)
        }
    }

    @Test("the retry schedule doubles from its base up to its maximum")
    func schedule() {
        let schedule = RetrySchedule(base: .milliseconds(50), maximum: .milliseconds(200))
        #expect((1...5).map { schedule.delay(afterAttempt: $0) } == [.milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(200), .milliseconds(200)])
        #expect(RetrySchedule().delay(afterAttempt: 1_000_000) == .seconds(3600), "no overflow after many tries")
    }

    @Test("a failure's reason reaches the webhook as the rules gave it: too fast, or too many wrong answers", arguments: Backend.allCases)
    func failureReason(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy([(.maxWrongAnswers, "1"), (.minResponseTime, "2s"), (.maxFailedChallenges, "10")], for: "emma")
        _ = try await test.gate.addNotification(
            try NotificationSettings(channel: .webhook, url: "https://hooks.example/gate", profile: "emma", events: [.failed]), by: "mum")
        let quick = try await test.begin("emma")
        _ = try await test.gate.answer(challenge: quick.id, value: try await test.rightAnswer(to: quick))  // at once: too fast
        _ = try await test.fail(try await test.begin("emma"), after: .seconds(3))  // wrong, in good time
        let claimed = try await test.gate.claimNotifications(limit: 10, lease: .seconds(30))
        let reasons = try claimed.map { item -> String? in
            let body = try JSONSerialization.jsonObject(with: item.body) as? [String: Any]
            return (body?["details"] as? [String: Any])?["reason"] as? String
        }
        #expect(reasons == ["tooFast", "tooManyWrongAnswers"])
        let messages = try claimed.map { item in (try JSONSerialization.jsonObject(with: item.body) as? [String: Any])?["message"] as? String }
        #expect(messages.allSatisfy { $0 == "emma failed a parental gate challenge (wrong answers)." })
    }
}
