import Foundation
import GateCore
import GatePostgres
import GateStore
import PostgresTesting
import Testing
import TestSlots

/// PostgreSQL's `LISTEN`/`NOTIFY` as the outbox's wake-up across daemons: the table stays the
/// truth, the notification only says "look now".
@Suite("Other daemons woken when notifications are queued", .boundedConcurrency)
struct PostgresWakeUpTests {
    @Test("a write that queues notifications through one store wakes another store's listener at its commit; a rolled-back one queues nothing")
    func wakesAnotherStore() async throws {
        let database = try PostgresDatabase("pg-wake")
        defer { database.stop() }
        let clock = ManualClock()
        let (writer, listener) = (try await database.store(clock: clock), try await database.store(clock: clock))
        defer { try? writer.close(); try? listener.close() }
        let (rings, ring) = AsyncStream.makeStream(of: Void.self)
        listener.onNotificationsQueued { ring.yield() }
        /// Whether the listener rang (again) within a minute.
        func heard() async throws -> Bool {
            try await Self.within(.seconds(60)) {
                for await _ in rings { return true }
                return false
            } ?? false
        }
        // The listener rings once as it starts, for whatever was queued while no one listened:
        // after that ring it is listening.
        #expect(try await heard())

        let actor = try Label("mum", what: "actor")
        let now = clock.now
        let emma = try await writer.write { transaction in
            let emma = try transaction.addProfile(name: ProfileName("emma"), locale: .english, by: actor, at: now)
            _ = try transaction.addNotification(
                try NotificationSettings(channel: .ntfy, url: "https://ntfy.sh/gate"), secret: nil, by: actor, at: now)
            return emma
        }
        struct RolledBack: Error {}
        await #expect(throws: RolledBack.self) {
            try await writer.write { transaction in
                try transaction.appendAudit(AuditEvent(.lockoutStarted, profileID: emma.id), at: now)
                throw RolledBack()
            }
        }
        try await writer.write { transaction in
            try transaction.appendAudit(AuditEvent(.hardLockStarted, profileID: emma.id), at: now)
        }
        // Woken by the other store's commit: without its NOTIFY nothing would ring here.
        #expect(try await heard(), "the listener heard the commit")
        let queued = try database.cluster.psql("SELECT event_kind FROM notification_outbox").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(queued == "hardLocked", "only the committed event was queued")
    }

    /// `body`'s value, or `nil` once `bound` has passed (a bound for a loaded machine, never a measure).
    private static func within<T: Sendable>(_ bound: Duration, _ body: @escaping @Sendable () async -> T) async throws -> T? {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { await body() }
            group.addTask {
                try await Task.sleep(for: bound)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}
