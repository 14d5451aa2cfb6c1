import Foundation
import GRDB
@testable import GateStore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// A scripted child hammering a locked gate: refused begins and replays are counted in one
/// audit record per profile and kind instead of one record each, and the chain still proves
/// the counts once their runs close.
@Suite("Repeated refusals and replays: one audit record with a count", .boundedConcurrency)
struct AuditCoalescingTests {
    /// A gate whose profile `emma` is locked out (for `lockout`) after one failed challenge,
    /// and that failed challenge (to replay).
    private static func lockedOut(
        _ test: TestGate, profile: String = "emma", lockout: String = "5m"
    ) async throws -> Challenge {
        try await test.gate.addProfile(profile)
        try await test.gate.setPolicy(
            [(.maxFailedChallenges, "1"), (.lockout, lockout), (.maxLockout, "7d")], for: profile, by: "mum")
        let challenge = try await test.begin(profile)
        let failed = try await test.fail(challenge)
        guard case .lockedOut = failed else {
            Issue.record("expected a lockout, got \(failed)")
            throw TestGateError.notAChallenge(profile: profile, answer: "no lockout")
        }
        return challenge
    }

    /// The database's size in pages (what the file holds once the log is checkpointed into
    /// it), the file and its write-ahead log, in bytes.
    private static func sizes(_ gate: Gate) async throws -> (database: Int64, file: Int64, wal: Int64) {
        let status = try await gate.databaseStatus()
        let pages = try await #require(gate.storage.sqlite).read { transaction in
            try Int64.fetchOne(transaction.db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
        }
        return (pages, status.fileBytes, status.walBytes)
    }

    @Test("10,000 refused begins and 10,000 replays add two audit records and a bounded number of bytes")
    func hammeringALockedGateStaysSmall() async throws {
        // On tmpfs when there is one: the file grows the same, without 20,000 disk syncs.
        let shm = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.isWritableFile(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        let test = try TestGate.onFile(under: base)
        defer { test.remove() }
        let failed = try await Self.lockedOut(test)
        let recordsBefore = try await test.audit().count
        let before = try await Self.sizes(test.gate)

        for index in 0..<10_000 {
            test.advance(by: .seconds(0.01))
            let result = try await test.gate.begin(profile: "emma", client: "script-\(index)")
            guard case .lockedOut = result else {
                Issue.record("begin \(index) was not refused: \(result)")
                return
            }
        }
        for index in 0..<10_000 {
            test.advance(by: .seconds(0.01))
            let result = try await test.gate.answer(challenge: failed.id, value: index, client: "script-\(index)")
            guard result == .alreadyEnded(.failed) else {
                Issue.record("replay \(index) was not refused: \(result)")
                return
            }
        }

        let after = try await Self.sizes(test.gate)
        let growth = after.database - before.database
        print("""
            hammering: database \(before.database) -> \(after.database) bytes (+\(growth)); \
            file \(before.file) -> \(after.file) bytes, write-ahead log \(before.wal) -> \(after.wal) bytes
            """)
        // Before coalescing, these 20,000 requests added 20,000 audit records and 10,000
        // attempts: megabytes. Now the database grows by a few pages at most, and the log
        // stays within its size limit (4 MiB) plus the frames of one checkpoint interval.
        #expect(growth <= 64 * 1024)
        #expect(after.file <= after.database)
        #expect(after.wal <= 5 * 1024 * 1024)

        let audit = try await test.audit()
        // (Counts and single values only: a failure must not print 20,000 records.)
        #expect(audit.count == recordsBefore + 2)
        let refusals = audit.filter { $0.event.kind == .beginRefused }
        let replays = audit.filter { $0.event.kind == .replayRefused }
        #expect(refusals.count == 1)
        #expect(replays.count == 1)
        #expect(refusals.first?.count == 10_000)
        #expect(replays.first?.count == 10_000)
        #expect(refusals.first?.event.client == "script-0")
        #expect(refusals.first.map { $0.lastOccurredAt.timeIntervalSince($0.occurredAt) } ?? 0 > 99)
        let replayAttempts = try await test.gate.attempts(AttemptFilter(outcomes: [.replay]), limit: 100).items
        #expect(replayAttempts.map(\.count) == [10_000], "one attempt kept, with the run's count")
        let stats = try await test.gate.stats(profile: "emma")
        #expect(stats.first?.refusals == 10_000)
        #expect(stats.first?.replays == 10_000)
        let report = try await test.gate.verifyAudit()
        #expect(report.isIntact, "\(report.message)")
    }

    @Test("alternating refused begins and replays, two profiles interleaved, different client labels: one record per profile and kind", arguments: Backend.allCases)
    func interleavedRunsCoalesce(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        let emmas = try await Self.lockedOut(test, profile: "emma")
        let mias = try await Self.lockedOut(test, profile: "mia")
        for index in 0..<100 {
            test.advance(by: .seconds(0.5))
            _ = try await test.gate.begin(profile: "emma", client: "a\(index)")
            _ = try await test.gate.begin(profile: "mia", client: "b\(index)")
            _ = try await test.gate.answer(challenge: emmas.id, value: index)
            _ = try await test.gate.answer(challenge: mias.id, value: index)
        }
        for profile in ["emma", "mia"] {
            let id = try await test.gate.profile(named: profile).id
            let entries = try await test.gate.auditEntries(AuditFilter(profileID: id, kinds: [.beginRefused, .replayRefused]), limit: 1000).items
            #expect(entries.map(\.event.kind) == [.beginRefused, .replayRefused], "\(profile)")
            #expect(entries.map(\.count) == [100, 100], "\(profile)")
            let attempts = try await test.gate.attempts(AttemptFilter(profileID: id), limit: 1000).items
            #expect(attempts.filter { $0.outcome == .replay }.map(\.count) == [100], "\(profile): the first replay kept, its repeats counted")
            #expect(attempts.filter { $0.outcome != .replay }.allSatisfy { $0.count == 1 }, "\(profile)")
        }
        #expect(try await test.gate.verifyAudit().isIntact)
    }

    @Test("a disabled profile: alternating begins, answers and cancels by a script are one refused-begin and one refused-answer record", arguments: Backend.allCases)
    func disabledProfileRefusalsCoalesce(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let open = try await test.begin("emma")
        _ = try await test.gate.setProfileEnabled("emma", false, by: "mum")
        for index in 0..<50 {
            test.advance(by: .seconds(1))
            #expect(try await test.gate.begin(profile: "emma", client: "c\(index)") == .disabled)
            #expect(try await test.gate.answer(challenge: open.id, value: index) == .disabled)
            #expect(try await test.gate.cancel(challenge: open.id) == .disabled)
        }
        let entries = try await test.gate.auditEntries(AuditFilter(kinds: [.beginRefused, .answerRefused]), limit: 1000).items
        #expect(entries.map(\.event.kind) == [.beginRefused, .answerRefused])
        #expect(entries.map(\.count) == [50, 100])
        _ = try await test.gate.setProfileEnabled("emma", true, by: "mum")
        #expect(try await test.gate.verifyAudit().isIntact)
    }

    @Test("the profile's next other record closes the runs and seals their counts; a later refusal starts a new record", arguments: Backend.allCases)
    func nextRecordSealsTheRun(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        let failed = try await Self.lockedOut(test)
        for _ in 0..<5 {
            test.advance(by: .seconds(1))
            _ = try await test.gate.begin(profile: "emma")
            _ = try await test.gate.answer(challenge: failed.id, value: 1)
        }
        let open = try await test.gate.verifyAudit()
        #expect(open.isIntact)
        #expect(open.message.hasSuffix("; 2 runs of repeats still counting (each sealed by its profile's next record)"))

        try await test.gate.unlock(profile: "emma", by: "mum")
        let audit = try await test.audit()
        let refused = try #require(audit.first { $0.event.kind == .beginRefused })
        let replayed = try #require(audit.first { $0.event.kind == .replayRefused })
        let unlock = try #require(audit.last)
        #expect(unlock.event.kind == .unlocked)
        let last = { (entry: AuditEntry) in String(entry.lastOccurredAt.millisecondsSince1970) }
        #expect(unlock.event.details["sealedRuns"] == "\(refused.id):5:\(last(refused)) \(replayed.id):5:\(last(replayed))")
        let sealed = try await test.gate.verifyAudit()
        #expect(sealed.isIntact)
        #expect(!sealed.message.contains("still counting"))

        // A new lockout: its refusals are a new record, with its own count.
        _ = try await test.fail(try await test.begin("emma"))
        _ = try await test.gate.begin(profile: "emma")
        _ = try await test.gate.begin(profile: "emma")
        let refusals = try await test.gate.auditEntries(AuditFilter(kinds: [.beginRefused]), limit: 1000).items
        #expect(refusals.map(\.count) == [5, 2])
        #expect(try await test.gate.verifyAudit().isIntact)
    }

    // SQLite only: it tampers with the SQLite file itself.
    @Test("verify detects a sealed count raised or lowered, a run's row deleted, and a forged seal; the schema refuses changing a sealed run", arguments: [Backend.sqlite])
    func tamperingWithCountsIsDetected(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        _ = try await Self.lockedOut(test)
        for _ in 0..<4 {
            test.advance(by: .seconds(1))
            _ = try await test.gate.begin(profile: "emma")
        }
        try await test.gate.unlock(profile: "emma", by: "mum")
        let refused = try #require(try await test.gate.auditEntries(AuditFilter(kinds: [.beginRefused]), limit: 1000).items.first)
        #expect(refused.count == 4)
        let path = test.directory.appendingPathComponent("gate.sqlite").path
        let raw = try DatabaseQueue(path: path)
        // The schema itself refuses: a sealed run never changes.
        await #expect(throws: DatabaseError.self) {
            try await raw.write { try $0.execute(sql: "UPDATE audit_repeats SET count = 1 WHERE audit_id = ?", arguments: [refused.id]) }
        }
        // Someone with the file and a shell drops the trigger first; the chain still tells.
        try await raw.write { db in
            try db.execute(sql: "DROP TRIGGER audit_repeats_sealed")
            try db.execute(sql: "CREATE TABLE kept AS SELECT * FROM audit_repeats")
        }
        for tampering in [
            "UPDATE audit_repeats SET count = 1 WHERE audit_id = \(refused.id)",
            "UPDATE audit_repeats SET count = 40 WHERE audit_id = \(refused.id)",
            "UPDATE audit_repeats SET last_at = last_at - 1000 WHERE audit_id = \(refused.id)",
            "UPDATE audit_repeats SET closed = 0 WHERE audit_id = \(refused.id)",
            "DELETE FROM audit_repeats WHERE audit_id = \(refused.id)",
        ] {
            try await raw.write { try $0.execute(sql: tampering) }
            let report = try await test.gate.verifyAudit()
            #expect(!report.isIntact, "\(tampering)")
            #expect(report.brokenRecordID == refused.id, "\(tampering)")
            #expect(
                report.message == "audit record \(refused.id)'s repeat count or last time was altered: it does not match what its profile's next record sealed",
                "\(tampering)")
            try await raw.write { db in
                try db.execute(sql: "DELETE FROM audit_repeats")
                try db.execute(sql: "INSERT INTO audit_repeats SELECT * FROM kept")
            }
            #expect(try await test.gate.verifyAudit().isIntact, "restored after \(tampering)")
        }
        // A count given to a record of a kind that never repeats.
        let lockout = try #require(try await test.gate.auditEntries(AuditFilter(kinds: [.lockoutStarted]), limit: 1000).items.first)
        try await raw.write { db in
            try db.execute(
                sql: "INSERT INTO audit_repeats (audit_id, profile_id, kind, run_key, count, last_at, closed) VALUES (?, 1, 'beginRefused', 'x', 9, 0, 1)",
                arguments: [lockout.id])
        }
        let forged = try await test.gate.verifyAudit()
        #expect(forged.brokenRecordID == lockout.id, "\(forged.message)")
    }

    @Test("prune keeps a run that began before the cutoff but repeated after it; list --since and stats see it", arguments: Backend.allCases)
    func pruneAndFiltersFollowTheLastTime(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        _ = try await Self.lockedOut(test, lockout: "7d")
        try await test.gate.setPolicy(.auditRetention, to: "1d", by: "mum")
        try await test.gate.setPolicy(.auditRetention, to: "1d", for: "emma", by: "mum")
        _ = try await test.gate.begin(profile: "emma")
        let started = test.clock.now
        test.advance(by: .seconds(3 * 86_400))
        _ = try await test.gate.begin(profile: "emma")

        let since = try await test.gate.auditEntries(AuditFilter(since: test.clock.now.addingTimeInterval(-3600), kinds: [.beginRefused]), limit: 1000).items
        #expect(since.map(\.count) == [2])
        #expect(since.first?.occurredAt == started)
        #expect(try await test.gate.stats(profile: "emma", since: test.clock.now.addingTimeInterval(-3600)).first?.refusals == 2)

        let report = try await test.gate.pruneAudit(olderThan: .seconds(86_400), by: "mum")
        #expect(report.auditRecords > 0)
        let kept = try await test.gate.auditEntries(AuditFilter(kinds: [.beginRefused]), limit: 1000).items
        #expect(kept.map(\.count) == [2])
        #expect(try await test.gate.verifyAudit().isIntact)
        // Closing the kept run after the prune still verifies.
        try await test.gate.unlock(profile: "emma", by: "mum")
        #expect(try await test.gate.verifyAudit().isIntact)
    }

    @Test("a clock running behind records one anomaly with a count, not one per request", arguments: Backend.allCases)
    func clockAnomaliesCoalesce(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        _ = try await Self.lockedOut(test)
        test.advance(by: .seconds(-60))
        for _ in 0..<50 {
            test.advance(by: .seconds(0.1))
            _ = try await test.gate.begin(profile: "emma")
        }
        let kinds: Set<AuditEventKind> = [.clockAnomaly, .beginRefused]
        let entries = try await test.gate.auditEntries(AuditFilter(kinds: kinds), limit: 1000).items
        #expect(entries.map(\.event.kind) == [.clockAnomaly, .beginRefused])
        #expect(entries.map(\.count) == [50, 50])
        #expect(try await test.gate.verifyAudit().isIntact)
    }
}
