import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// SQLite's reads step their statements and read records in place (`SteppedRow`), not
/// through GRDB's `Row`: the same records must come back, and a row that does not fit its
/// record is an error, where GRDB's `Row` stops the process.
@Suite("Records read in place from a stepped statement", .boundedConcurrency)
struct SteppedRowTests {
    /// `sql`'s rows read both ways in one transaction: in place, and through GRDB's `Row`.
    static func bothWays<Record: ReadableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?], in transaction: StoreTransaction
    ) throws -> (stepped: [String], viaRow: [String]) {
        let stepped = try transaction.fetchAll(Record.self, sql, arguments)
        let rows = try Row.fetchAll(transaction.db, sql: sql, arguments: StatementArguments(arguments))
        return (stepped.map { String(describing: $0) }, try rows.map { String(describing: try Record(row: $0)) })
    }

    @Test("every record of a gate cycle reads the same in place as through GRDB's Row, NULLs and all")
    func sameRecords() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let failed = IssuedChallenge.sample(profileID: emma.id, at: now, format: .choice)
        let passed = IssuedChallenge.sample(profileID: emma.id, at: now.addingTimeInterval(60))
        try await test.store.write { transaction in
            try transaction.insertChallenge(failed, at: now)
            try transaction.recordAttempt(challenge: failed.challenge.id, value: 54, outcome: .wrong, responseTime: .seconds(5), client: "tablet", at: now)
            try transaction.endChallenge(failed.challenge.id, as: .failed, at: now)
            try transaction.insertChallenge(passed, at: now.addingTimeInterval(60))
            try transaction.recordAttempt(challenge: passed.challenge.id, value: 56, outcome: .correct, responseTime: .seconds(4), client: nil, at: now)
            _ = try transaction.openSession(profileID: emma.id, challengeID: passed.challenge.id, expiresAt: now.addingTimeInterval(900), at: now)
        }
        let profileID = emma.id
        let cases = try await test.store.read { transaction -> [(String, (stepped: [String], viaRow: [String]))] in
            [
                ("challenges", try Self.bothWays(ChallengeRecord.self, "SELECT * FROM challenges ORDER BY issued_at", [], in: transaction)),
                ("profiles", try Self.bothWays(ProfileRecord.self, ProfileRecord.byIDSQL, [profileID], in: transaction)),
                ("gate_states", try Self.bothWays(GateStateRecord.self, GateStateRecord.byProfileSQL, [profileID], in: transaction)),
                ("parent_sessions", try Self.bothWays(ParentSessionRecord.self, "SELECT * FROM parent_sessions", [], in: transaction)),
                ("policies", try Self.bothWays(PolicyRecord.self, "SELECT * FROM policies ORDER BY id", [], in: transaction)),
                ("attempts", try Self.bothWays(AttemptRecord.self, "SELECT * FROM attempts ORDER BY id", [], in: transaction)),
                ("audit_log", try Self.bothWays(AuditLogRecord.self, AuditLogRecord.batchSQL, [0], in: transaction)),
                // No run columns: a column the statement lacks reads as nil where the record takes an optional.
                ("audit_log, no runs", try Self.bothWays(AuditLogRecord.self, "SELECT * FROM audit_log ORDER BY id", [], in: transaction)),
            ]
        }
        for (table, read) in cases {
            #expect(!read.stepped.isEmpty, "\(table): no rows to compare")
            #expect(read.stepped == read.viaRow, "\(table)")
        }
        let challenges = try #require(cases.first?.1.stepped)
        #expect(challenges.count == 2 && challenges[0].contains("choices: Optional(") && challenges[1].contains("choices: nil"))
    }

    @Test("a column missing, NULL or of another type is an error naming it, and the store reads on")
    func malformedRows() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let refusals: [(sql: String, names: String)] = [
            ("SELECT 'audit' AS kind", "no column n"),
            ("SELECT 'audit' AS kind, 'many' AS n", "column n holds \"many\""),
            ("SELECT NULL AS kind, 3 AS n", "column kind holds NULL"),
        ]
        for refusal in refusals {
            let error = await #expect(throws: StoreError.self) {
                try await test.store.read { try $0.fetchOne(KindCount.self, refusal.sql, []) }
            }
            #expect(error?.description.contains(refusal.names) == true, "\(refusal.sql): \(String(describing: error))")
        }
        let fits = try await test.store.read { try $0.fetchOne(KindCount.self, "SELECT 'audit' AS kind, 3 AS n", []) }
        #expect(fits?.kind == "audit" && fits?.n == 3)
    }
}
