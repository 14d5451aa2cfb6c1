import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// Migration 8 on a file version 7 left after the attack it closes: a removed profile's
/// request number given again, and the old approval links pointing at the number.
@Suite("Migration 8: request numbers and the links bound to them", .boundedConcurrency)
struct RequestBindingMigrationTests {
    /// A database at schema version 7, made by migrations 1 to 7 as an older build made it.
    static func version7(at path: String) throws -> DatabaseQueue {
        try database(at: path, version: 7)
    }

    /// A database at schema `version`, made by the migrations up to it as an older build made it.
    static func database(at path: String, version: Int) throws -> DatabaseQueue {
        var config = Configuration()
        config.foreignKeysEnabled = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        try queue.write { db in
            for migration in Migration.all where migration.version <= version {
                try db.execute(sql: migration.sql)
                try db.execute(
                    sql: "INSERT INTO parental_gate_schema (version, name, checksum, applied_at) VALUES (?, ?, ?, 0)",
                    arguments: [migration.version, migration.name, migration.checksum])
            }
        }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA user_version = \(version); PRAGMA application_id = \(SchemaState.applicationID); PRAGMA journal_mode = WAL")
        }
        return queue
    }

    @Test("a reused number's old delivery is bound to nothing (its link finds nothing); a current one to its request; numbers go on above every one ever named")
    func migratesReusedNumbers() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("gate.sqlite").path
        let old = try Self.version7(at: path)
        try await old.write { db in
            try db.execute(sql: """
                INSERT INTO notification_subscriptions (id, channel, url, created_at, created_by) VALUES (1, 'ntfy', 'https://ntfy.sh/x', 0, 'mum');
                INSERT INTO profiles (id, name, name_key, display_name, locale, created_at, updated_at) VALUES (1, 'emma', 'emma', 'Emma', 'en', 0, 0);
                INSERT INTO parent_requests (id, handle_hash, profile_id, created_at, expires_at) VALUES (1, zeroblob(32), 1, 1000, 601000);
                INSERT INTO notification_outbox (delivery_id, subscription_id, audit_id, event_kind, profile_name, occurred_at, details, next_attempt_at, delivered_at)
                    VALUES ('\(String(repeating: "a", count: 32))', 1, 1, 'request', 'emma', 1000, '{"request":"1"}', 1000, 2000);
                DELETE FROM profiles WHERE id = 1;
                INSERT INTO profiles (id, name, name_key, display_name, locale, created_at, updated_at) VALUES (2, 'liam', 'liam', 'Liam', 'en', 0, 0);
                INSERT INTO parent_requests (id, handle_hash, profile_id, created_at, expires_at) VALUES (1, randomblob(32), 2, 5000, 605000);
                INSERT INTO notification_outbox (delivery_id, subscription_id, audit_id, event_kind, profile_name, occurred_at, details, next_attempt_at)
                    VALUES ('\(String(repeating: "b", count: 32))', 1, 2, 'request', 'liam', 5000, '{"request":"1"}', 5000);
                INSERT INTO notification_outbox (delivery_id, subscription_id, audit_id, event_kind, profile_name, occurred_at, details, next_attempt_at)
                    VALUES ('\(String(repeating: "c", count: 32))', 1, 3, 'request', 'gone', 3000, '{"request":"7"}', 3000);
                INSERT INTO audit_log (id, occurred_at, kind, profile_id, details, prev_hash, hash)
                    VALUES (1, 4000, 'requestExpired', 3, '{"request":"9"}', zeroblob(32), zeroblob(32));
                """)
        }
        try old.close()

        let store = try GateStore(.file(path))
        #expect(try await store.status().schemaVersion == Migration.latestVersion)
        let bound = try await store.read { transaction in
            try ["a", "b", "c"].map { try transaction.parentRequestID(deliveryID: String(repeating: $0, count: 32)) }
        }
        #expect(bound == [nil, 1, nil], "emma's old link leads nowhere, liam's to liam's request, a gone request's nowhere")
        let (unsent, sent, sequence, broken) = try await DatabaseQueue(path: path).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM notification_outbox WHERE delivery_id LIKE 'c%'"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM notification_outbox WHERE delivery_id LIKE 'a%'"),
             try Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'parent_requests'"),
             try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count)
        }
        #expect(unsent == 0, "an unsent delivery of a gone request is not sent")
        #expect(sent == 1, "a sent one is kept, bound to nothing")
        #expect(sequence == 9, "numbers go on above every one ever named (here by the audit log)")
        #expect(broken == 0)
        let emma = try await store.write { transaction in
            try transaction.addProfile(name: ProfileName("emma"), locale: LocaleTag("en"), by: Label("mum", what: "actor"), at: Date())
        }
        let next = try await store.write { transaction in
            try transaction.addParentRequest(
                profile: emma, handleHash: Data(repeating: 9, count: 32), client: nil, expiresAt: Date().addingTimeInterval(600), at: Date())
        }
        #expect(next == 10)
    }

    @Test("removing a profile takes its requests' deliveries, and so their links, with it")
    func removalVoidsLinks() async throws {
        let test = try TestStore()
        defer { test.remove() }
        _ = try await NotificationStoreTests.subscribe(test.store, at: test.clock.now, try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/gate"))
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let id = try await test.store.write { transaction in
            try transaction.addParentRequest(
                profile: emma, handleHash: Data(repeating: 1, count: 32), client: nil, expiresAt: now.addingTimeInterval(600), at: now)
        }
        let delivery = try #require(try await test.raw().read { db in try String.fetchOne(db, sql: "SELECT delivery_id FROM notification_outbox") })
        let before = try await test.store.read { try $0.parentRequestID(deliveryID: delivery) }
        #expect(before == id)
        let actor = try TestStore.parent
        try await test.store.write { try $0.removeProfile("emma", by: actor, at: now) }
        let after = try await test.store.read { try $0.parentRequestID(deliveryID: delivery) }
        #expect(after == nil)
        #expect(try test.count("notification_outbox") == 0)
    }
}
