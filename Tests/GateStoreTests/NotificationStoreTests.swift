import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// The outbox in the store: written in the audited event's own transaction, and webhook
/// secrets sealed with a key beside the database.
@Suite("The notification outbox and sealed secrets in the store", .boundedConcurrency)
struct NotificationStoreTests {
    static func subscribe(_ store: any GateStorage, at now: Date, _ settings: NotificationSettings) async throws -> (NotificationSubscription, SealedSecret?) {
        let secret = settings.channel == .webhook ? try store.makeWebhookSecret() : nil
        let actor = try TestStore.parent
        let added = try await store.write { try $0.addNotification(settings, secret: secret, by: actor, at: now) }
        return (added, secret)
    }

    @Test("an audited event queues its notifications in its own transaction: rolled back, nothing is queued", arguments: StoreBackend.allCases)
    func sameTransaction(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        _ = try await Self.subscribe(test.store, at: test.clock.now, try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/gate"))
        let now = test.clock.now
        let lockout = AuditEvent(.lockoutStarted, profileID: emma.id, details: ["level": "1", "until": "1800000300000"])
        struct Crash: Error {}
        await #expect(throws: Crash.self) {
            try await test.store.write { transaction in
                try transaction.appendAudit(lockout, at: now)
                throw Crash()
            }
        }
        #expect(try await test.count("notification_outbox") == 0, "the event was rolled back, and its notification with it")
        let auditID = try await test.store.write { try $0.appendAudit(lockout, at: now).id }
        let row = try await test.rows("SELECT audit_id, event_kind, profile_name, details, next_attempt_at FROM notification_outbox").first
        #expect(row?["audit_id"] == auditID)
        #expect(row?["event_kind"] == "lockedOut")
        #expect(row?["profile_name"] == "emma")
        #expect(row?["details"] == #"{"level":"1","until":"2027-01-15T08:05:00.000Z"}"#)
        #expect(row?["next_attempt_at"] == now.millisecondsSince1970, "due at once")
        // Events parents are not told about queue nothing.
        try await test.store.write { try $0.appendAudit(AuditEvent(.challengeIssued, profileID: emma.id), at: now) }
        #expect(try await test.count("notification_outbox") == 1)
    }

    @Test("the secret is stored only sealed: no column of its subscription holds it, and the store's key opens it", arguments: StoreBackend.allCases)
    func sealedOnly(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let (added, sealed) = try await Self.subscribe(test.store, at: test.clock.now, try NotificationSettings(channel: .webhook, url: "http://127.0.0.1:9/hook"))
        let secret = try #require(sealed?.secret)
        let row = try #require(try await test.rows("SELECT * FROM notification_subscriptions").first)
        for column in row.columnNames {
            let value: DatabaseValue = row[column]
            #expect(String.fromDatabaseValue(value)?.contains(secret) != true, "\(column)")
            #expect(Data.fromDatabaseValue(value).map { $0.range(of: Data(secret.utf8)) == nil } != false, "\(column)")
        }
        #expect(added.secretFingerprint == sealed?.fingerprint)
        let box: Data = try #require(row["secret_box"])
        #expect(try test.store.unsealWebhookSecret(box) == secret)
    }

    @Test("the secret is sealed with a key in a private file beside the database; a swapped key does not open it")
    func sealedSecret() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let (_, sealed) = try await Self.subscribe(test.store, at: test.clock.now, try NotificationSettings(channel: .webhook, url: "http://127.0.0.1:9/hook"))
        let secret = try #require(sealed?.secret)
        let file = try Data(contentsOf: URL(fileURLWithPath: test.path)) + ((try? Data(contentsOf: URL(fileURLWithPath: test.path + "-wal"))) ?? Data())
        #expect(file.range(of: Data(secret.utf8)) == nil)
        let keyPath = try #require(test.store.notificationKeyPath)
        #expect(try FileManager.default.attributesOfItem(atPath: keyPath)[.posixPermissions] as? Int == 0o600)
        let box = try #require(try await test.raw().read { db in try Data.fetchOne(db, sql: "SELECT secret_box FROM notification_subscriptions") })
        #expect(try test.store.unsealWebhookSecret(box) == secret)

        try Data(repeating: 7, count: 32).write(to: URL(fileURLWithPath: keyPath))
        let reopened = try GateStore(.file(test.path))
        #expect(throws: StoreError.notificationKey(path: keyPath, problem: "is not the key this secret was sealed with")) {
            try reopened.unsealWebhookSecret(box)
        }
        try FileManager.default.removeItem(atPath: keyPath)
        #expect(throws: StoreError.notificationKey(path: keyPath, problem: "is missing")) {
            try GateStore(.file(test.path)).unsealWebhookSecret(box)
        }
        #expect(!FileManager.default.fileExists(atPath: keyPath), "opening never makes a key: a new one would open nothing")
    }

    @Test("the signature is HMAC-SHA256 over the timestamp, a full stop and the body, as a receiver computes it")
    func signature() {
        // python3: hmac.new(b"topsecret", b'1800000000.{"event":"test"}', hashlib.sha256).hexdigest()
        #expect(
            WebhookSignature.sign(body: Data(#"{"event":"test"}"#.utf8), timestamp: 1_800_000_000, secret: "topsecret")
                == "sha256=a39cd1d84afebdaf96a6924bd64d0b7870284aa2f2e046cf7b520e41bd139f1b")
    }

    @Test("a delivered notification is never claimed again, and leaves the outbox after a week", arguments: StoreBackend.allCases)
    func deliveredRows(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let (added, _) = try await Self.subscribe(test.store, at: test.clock.now, try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/gate"))
        let actor = try TestStore.parent
        let start = test.clock.now
        try await test.store.write { _ = try $0.queueTestNotification(added.id, by: actor, at: start) }
        let claimed = try #require(try await test.store.write { try $0.claimNotifications(at: start, lease: .seconds(30), limit: 10, horizon: .seconds(3600)) }.first)
        try await test.store.write { try $0.recordNotificationDelivered(claimed.outboxID, subscription: added.id, at: start) }
        let later = start.adding(.seconds(7 * 86_400))
        #expect(try await test.store.write { try $0.claimNotifications(at: later, lease: .seconds(30), limit: 10, horizon: .seconds(3600)) }.isEmpty)
        #expect(try await test.count("notification_outbox") == 1, "kept for a week")
        _ = try await test.store.write { try $0.claimNotifications(at: later.adding(.milliseconds(1)), lease: .seconds(30), limit: 10, horizon: .seconds(3600)) }
        #expect(try await test.count("notification_outbox") == 0)
    }

    @Test("a removed profile takes its subscriptions and their deliveries with it", arguments: StoreBackend.allCases)
    func profileRemoved(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        _ = try await Self.subscribe(test.store, at: test.clock.now, try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/emma", profile: "emma"))
        _ = try await Self.subscribe(test.store, at: test.clock.now, try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/all"))
        let now = test.clock.now
        try await test.store.write { try $0.appendAudit(AuditEvent(.hardLockStarted, profileID: emma.id), at: now) }
        #expect(try await test.count("notification_outbox") == 2)
        let actor = try TestStore.parent
        try await test.store.write { try $0.removeProfile("emma", by: actor, at: now) }
        #expect(try await test.count("notification_subscriptions") == 1)
        #expect(try await test.count("notification_outbox") == 1, "the all-profiles subscription keeps its delivery")
    }
}
