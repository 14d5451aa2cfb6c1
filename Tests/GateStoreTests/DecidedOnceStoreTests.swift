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
    /// The row of request `id`, as the database holds it.
    private static func row(_ test: TestStorage, _ id: Int64) async throws -> (status: String, decidedBy: String?, decidedAt: Int64?) {
        let row = try #require(try await test.rows("SELECT status, decided_by, decided_at FROM parent_requests WHERE id = ?", [id]).first)
        return (try #require(row["status"] as String?), row["decided_by"], row["decided_at"])
    }

    private static func decisions(_ test: TestStorage) async throws -> Int {
        try await test.rows("SELECT count(*) AS n FROM audit_log WHERE kind IN ('requestApproved', 'requestDenied')").first?["n"] ?? -1
    }

    @Test("a decided request is not decided again: the second decision throws and the row and the log keep the first", arguments: StoreBackend.allCases)
    func decidedRequest(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
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
        let row = try await Self.row(test, id)
        #expect(row.status == "denied" && row.decidedBy == "mum" && row.decidedAt == now.millisecondsSince1970)
        #expect(try await Self.decisions(test) == 1)
    }

    @Test("an approval's sealed token goes once its parent mode ran out or had no session, and stays while it lasts", arguments: StoreBackend.allCases)
    func sealedTokensOfEndedSessionsGo(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        var requests: [Int64] = []
        for (index, sessionLength) in [60.0, 600.0, nil].enumerated() {
            let id = try await test.store.write { transaction in
                let id = try transaction.addParentRequest(
                    profile: emma, handleHash: Data(repeating: UInt8(10 + index), count: 32), client: nil,
                    expiresAt: now.addingTimeInterval(120), at: now)
                let session = try sessionLength.map {
                    try transaction.openSession(profileID: emma.id, challengeID: nil, expiresAt: now.addingTimeInterval($0), at: now).session.id
                }
                try transaction.decideParentRequest(id, approved: true, by: "mum", sessionID: session, sessionBox: Data([1, 2, 3]), at: now)
                return id
            }
            requests.append(id)
        }
        try await test.store.write { _ = try $0.expireParentRequests(profileID: nil, reading: now.addingTimeInterval(120)) }
        var sealed: [Bool] = []
        for id in requests {
            let row = try await test.rows("SELECT session_box FROM parent_requests WHERE id = ?", [id]).first
            sealed.append((row?["session_box"] as Data?) != nil)
        }
        #expect(sealed == [false, true, false], "ran out after 60 s, lasts 600 s, no session")
    }

    @Test("a pending request whose time is up is not decided, though no one has marked it expired yet", arguments: StoreBackend.allCases)
    func expiredByTime(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
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
        let row = try await Self.row(test, id)
        #expect(row.status == "pending" && row.decidedBy == nil && row.decidedAt == nil)
        #expect(try await Self.decisions(test) == 0)
        // A moment before its expiry the same call decides it: the guard is the time, not the call.
        try await test.store.write {
            try $0.decideParentRequest(id, approved: true, by: "mum", sessionID: nil, sessionBox: nil, at: expiresAt.addingTimeInterval(-0.001))
        }
        #expect(try await Self.row(test, id).status == "approved")
    }
}
