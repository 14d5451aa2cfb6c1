import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// The store's own guard of "decided once", alone: the service's checks are skipped by
/// calling the store directly, so only its `UPDATE … WHERE status = 'pending' AND
/// expires_at > now` stands between a second decision and the row.
@Suite("A request is decided once: the store's guard alone", .boundedConcurrency)
struct DecidedOnceStoreTests {
    /// The row of request `id`, as the file holds it.
    private static func row(_ test: TestStore, _ id: Int64) throws -> (status: String, decidedBy: String?, decidedAt: Int64?) {
        try test.raw().read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT status, decided_by, decided_at FROM parent_requests WHERE id = ?", arguments: [id]))
            return (row["status"], row["decided_by"], row["decided_at"])
        }
    }

    private static func decisions(_ test: TestStore) throws -> Int {
        try test.raw().read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_log WHERE kind IN ('requestApproved', 'requestDenied')") ?? -1
        }
    }

    @Test("a decided request is not decided again: the second decision throws and the row and the log keep the first")
    func decidedRequest() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let id = try await test.store.write { transaction in
            try transaction.addParentRequest(
                profile: emma, handleHash: Data(repeating: 1, count: 32), client: "tablet", expiresAt: now.addingTimeInterval(120), at: now)
        }
        try await test.store.write { try $0.decideParentRequest(id, approved: false, by: "mum", sessionID: nil, sessionBox: nil, at: now) }
        await #expect(throws: StoreError.self) {
            try await test.store.write {
                try $0.decideParentRequest(id, approved: true, by: "dad", sessionID: nil, sessionBox: Data([1]), at: now.addingTimeInterval(1))
            }
        }
        let row = try Self.row(test, id)
        #expect(row.status == "denied" && row.decidedBy == "mum" && row.decidedAt == now.millisecondsSince1970)
        #expect(try Self.decisions(test) == 1)
    }

    @Test("a pending request whose time is up is not decided, though no one has marked it expired yet")
    func expiredByTime() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let expiresAt = now.addingTimeInterval(120)
        let id = try await test.store.write { transaction in
            try transaction.addParentRequest(
                profile: emma, handleHash: Data(repeating: 2, count: 32), client: nil, expiresAt: expiresAt, at: now)
        }
        await #expect(throws: StoreError.self) {
            try await test.store.write { try $0.decideParentRequest(id, approved: true, by: "mum", sessionID: nil, sessionBox: nil, at: expiresAt) }
        }
        let row = try Self.row(test, id)
        #expect(row.status == "pending" && row.decidedBy == nil && row.decidedAt == nil)
        #expect(try Self.decisions(test) == 0)
        // A moment before its expiry the same call decides it: the guard is the time, not the call.
        try await test.store.write {
            try $0.decideParentRequest(id, approved: true, by: "mum", sessionID: nil, sessionBox: nil, at: expiresAt.addingTimeInterval(-0.001))
        }
        #expect(try Self.row(test, id).status == "approved")
    }
}
