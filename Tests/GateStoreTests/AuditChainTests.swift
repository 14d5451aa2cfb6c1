import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

@Suite("Audit hash chain", .boundedConcurrency)
struct AuditChainTests {
    /// A store with a few profiles, a policy change and a challenge: about a dozen records.
    static func populated(_ backend: StoreBackend) async throws -> TestStorage {
        let test = try await TestStorage(backend)
        let actor = try TestStore.parent
        for name in ["emma", "liam", "noah"] {
            try await test.addProfile(name)
            test.clock.advance(by: .seconds(1))
        }
        let now = test.clock.now
        let emma = try await test.store.read { try $0.requireProfile(named: "emma") }
        let challenge = IssuedChallenge.sample(profileID: emma.id, at: now)
        try await test.store.write { transaction in
            try transaction.setPolicy(.maxWrongAnswers, to: .count(2), for: .household, by: actor, at: now)
            try transaction.insertChallenge(challenge, at: now)
            try transaction.recordAttempt(
                challenge: challenge.challenge.id, value: 54, outcome: .wrong, responseTime: .seconds(4), client: "tablet", at: now)
            try transaction.endChallenge(challenge.challenge.id, as: .failed, at: now)
            _ = try transaction.setProfileEnabled("liam", false, by: actor, at: now)
        }
        return test
    }

    @Test("an untouched log verifies, with every record checked", arguments: StoreBackend.allCases)
    func intact(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        let result = try await test.store.verifyAudit()
        #expect(result.isIntact)
        #expect(result.checked == (try await test.count("audit_log")))
        #expect(result.checked >= 8)
        #expect(result.description.contains("intact"))
    }

    @Test("an empty log verifies", arguments: StoreBackend.allCases)
    func empty(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let result = try await test.store.verifyAudit()
        #expect(result.isIntact)
        #expect(result.checked == 0)
    }

    @Test("each record links to its predecessor's hash", arguments: StoreBackend.allCases)
    func links(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        let entries = try await test.store.read { try $0.auditEntries(AuditFilter(), limit: 1000).items }
        #expect(entries.first?.previousHash == Array(repeating: 0, count: 32))
        for (previous, entry) in zip(entries, entries.dropFirst()) {
            #expect(entry.previousHash == previous.hash)
            #expect(entry.id == previous.id + 1)
        }
    }

    @Test("editing any column of a record with plain SQL makes verify name that record", arguments: StoreBackend.allCases, [
        "actor = 'nobody'", "details = '{}'", "occurred_at = occurred_at + 1", "kind = 'unlocked'",
        "profile_name = 'EMMA'", "client = NULL",
    ])
    func editedRecord(backend: StoreBackend, change: String) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        try await test.allowTamperingWithAudit()
        try await test.execute("UPDATE audit_log SET \(change) WHERE id = 5")
        let result = try await test.store.verifyAudit()
        #expect(result.problem == .altered(id: 5))
        #expect(result.description.contains("record 5"))
    }

    @Test("an edit that also recomputes the record's own hash is caught at the next record", arguments: StoreBackend.allCases)
    func editedRecordWithForgedHash(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        try await test.allowTamperingWithAudit()
        try await test.execute("UPDATE audit_log SET actor = 'nobody' WHERE id = 4")
        let forged = try await test.store.read { try $0.fetchOne(AuditLogRecord.self, "SELECT * FROM audit_log WHERE id = ?", [4]) }
        let record = try #require(forged)
        try await test.execute("UPDATE audit_log SET hash = ? WHERE id = 4", [AuditChain.hash(of: record)])
        let result = try await test.store.verifyAudit()
        #expect(result.problem == .brokenLink(id: 5))
    }

    @Test("deleting a record in the middle makes verify name the deleted record", arguments: StoreBackend.allCases)
    func deletedRecord(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        try await test.allowTamperingWithAudit()
        try await test.execute("DELETE FROM audit_log WHERE id = 6")
        let result = try await test.store.verifyAudit()
        #expect(result.problem == .missing(id: 6, found: 7))
        #expect(result.description.contains("record 6 is missing"))
    }

    @Test("deleting the newest records is detected", arguments: StoreBackend.allCases)
    func truncatedLog(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        let total = Int64(try await test.count("audit_log"))
        try await test.allowTamperingWithAudit()
        try await test.execute("DELETE FROM audit_log WHERE id > ?", [total - 2])
        let result = try await test.store.verifyAudit()
        #expect(result.problem == .truncated(lastPresent: total - 2, expectedLast: total))
    }

    @Test("deleting the first record is detected", arguments: StoreBackend.allCases)
    func deletedFirst(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        try await test.allowTamperingWithAudit()
        try await test.execute("DELETE FROM audit_log WHERE id = 1")
        let result = try await test.store.verifyAudit()
        #expect(result.problem == .missing(id: 1, found: 2))
    }

    @Test("records appended after tampering still chain, and verify still reports the tampering", arguments: StoreBackend.allCases)
    func appendAfterTampering(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        try await test.allowTamperingWithAudit()
        try await test.execute("UPDATE audit_log SET actor = 'nobody' WHERE id = 3")
        try await test.addProfile("olivia")
        let result = try await test.store.verifyAudit()
        #expect(result.problem == .altered(id: 3))
    }

    @Test("moving the prune anchor over the log by hand is refused, and detected when the guards are dropped", arguments: StoreBackend.allCases)
    func handMovedAnchor(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        let moveOverAll = """
            UPDATE audit_anchor SET pruned_through_id = (SELECT max(id) FROM audit_log),
                pruned_through_hash = (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1)
            """
        #expect(await test.refuses(moveOverAll))
        try await test.allowTamperingWithAudit()
        try await test.dropTrigger("audit_anchor_keeps_newest", on: "audit_anchor")
        try await test.execute(moveOverAll)
        try await test.execute("DELETE FROM audit_log")
        let wiped = try await test.store.verifyAudit()
        #expect(!wiped.isIntact)
        #expect(wiped.description.contains("no prune record"))
    }

    @Test("deleting the oldest records and moving the anchor after them is detected", arguments: StoreBackend.allCases)
    func handPrunedPrefix(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        try await test.allowTamperingWithAudit()
        try await test.execute("UPDATE audit_anchor SET pruned_through_id = 3, pruned_through_hash = (SELECT hash FROM audit_log WHERE id = 3)")
        try await test.execute("DELETE FROM audit_log WHERE id <= 3")
        let result = try await test.store.verifyAudit()
        #expect(result.problem == .unbackedAnchor(through: 3))
    }

    @Test("prune drops old records as a prefix, keeps the newest, and the chain still verifies, prune after prune", arguments: StoreBackend.allCases)
    func pruneKeepsChainVerifiable(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        let actor = try TestStore.parent
        test.clock.advance(by: .seconds(400 * 86_400))
        try await test.addProfile("late")
        let total = try await test.count("audit_log")
        let cutoff = test.clock.now.addingTimeInterval(-86_400)
        let now = test.clock.now
        let first = try await test.store.write { try $0.pruneAudit(before: cutoff, by: actor, at: now) }
        #expect(first.auditRecords == total - 1)
        #expect(try await test.count("audit_log") == 2)
        #expect(try await test.count("attempts") == 0)
        #expect(try await test.store.verifyAudit().isIntact)

        test.clock.advance(by: .seconds(86_400 * 2))
        try await test.addProfile("later")
        let now2 = test.clock.now
        let second = try await test.store.write { try $0.pruneAudit(before: now2, by: actor, at: now2) }
        #expect(second.auditRecords == 2)
        let kept = try await test.store.read { try $0.auditEntries(AuditFilter(), limit: 1000).items }
        #expect(kept.map(\.event.kind) == [.profileAdded, .auditPruned])
        #expect(try await test.store.verifyAudit().isIntact)

        try await test.allowTamperingWithAudit()
        try await test.execute("UPDATE audit_log SET actor = 'x' WHERE kind = 'profileAdded'")
        #expect(try await test.store.verifyAudit().isIntact == false)
    }

    @Test("a broken chain is never pruned: that would hide the evidence", arguments: StoreBackend.allCases)
    func pruneRefusesBrokenChain(backend: StoreBackend) async throws {
        let test = try await Self.populated(backend)
        defer { test.remove() }
        try await test.allowTamperingWithAudit()
        try await test.execute("UPDATE audit_log SET actor = 'nobody' WHERE id = 2")
        let actor = try TestStore.parent
        let now = test.clock.now.addingTimeInterval(1000 * 86_400)
        await #expect(throws: StoreError.self) {
            try await test.store.write { try $0.pruneAudit(before: now, by: actor, at: now) }
        }
        #expect(try await test.store.verifyAudit().problem == .altered(id: 2))
    }
}
