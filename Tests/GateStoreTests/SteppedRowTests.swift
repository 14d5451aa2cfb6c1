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
        return (stepped.map(describe), try rows.map { describe(try Record(row: $0)) })
    }

    /// Every stored property of `value`, bytes as hex (`String(describing:)` says "32 bytes").
    static func describe(_ value: Any) -> String {
        if let data = value as? Data { return data.map { String(format: "%02x", $0) }.joined() }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional: return mirror.children.first.map { describe($0.value) } ?? "nil"
        case .tuple: return "(\(mirror.children.map { describe($0.value) }.joined(separator: ", ")))"
        case .struct: return "\(mirror.subjectType)(\(mirror.children.map { "\($0.label ?? "_"): \(describe($0.value))" }.joined(separator: ", ")))"
        default: return String(describing: value)
        }
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
            // A refusal and its repeat: an open run in audit_repeats, joined to its record.
            for _ in 0..<2 {
                _ = try transaction.appendAudit(AuditEvent(.replayRefused, profileID: emma.id, client: "script", details: ["account": "emma"]), at: now)
            }
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
                ("audit_repeats", try Self.bothWays(AuditRepeatRecord.self, AuditRepeatRecord.openSQL, [], in: transaction)),
                // No run columns: a column the statement lacks reads as nil where the record takes an optional.
                ("audit_log, no runs", try Self.bothWays(AuditLogRecord.self, "SELECT * FROM audit_log ORDER BY id", [], in: transaction)),
            ]
        }
        for (table, read) in cases {
            #expect(!read.stepped.isEmpty, "\(table): no rows to compare")
            #expect(read.stepped == read.viaRow, "\(table)")
        }
        let challenges = try #require(cases.first?.1.stepped)
        #expect(challenges.count == 2 && challenges[0].contains("choices: [54,56,63,48]") && challenges[1].contains("choices: nil"))
        let runs = try #require(cases.first { $0.0 == "audit_log" }?.1.stepped)
        #expect(runs.filter { $0.contains("run: (2, ") }.count == 1, "the refusal's record carries its open run of 2")

        // The audit chain's tail, read in place, is the newest record's id and hash.
        let (tail, newestID, newestHash) = try await test.store.read { transaction in
            let newest = try Row.fetchOne(transaction.db, sql: "SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1")
            return (try transaction.auditTail(), newest?["id"] as Int64?, newest?["hash"] as Data?)
        }
        #expect(tail.id == newestID && tail.hash == newestHash && newestHash?.count == 32)
    }

    @Test("a column missing, NULL or of another type is an error naming it, and the store reads on")
    func malformedRows() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let refusals: [(arguments: [DatabaseValue], names: String)] = [
            (["audit".databaseValue, "many".databaseValue], "column n holds a value of another type, expected Int"),
            ([.null, 3.databaseValue], "column kind holds NULL, expected String"),
        ]
        // The same query again after each refusal: the statement it left is ready for the next read.
        let sql = "SELECT ? AS kind, ? AS n"
        for refusal in refusals {
            let error = await #expect(throws: StoreError.self) {
                try await test.store.read { try $0.fetchOne(KindCount.self, sql, refusal.arguments.map { $0 }) }
            }
            #expect(error == .corrupt(path: test.path, detail: "malformed row: \(refusal.names)"), "\(refusal.arguments)")
        }
        let missing = await #expect(throws: StoreError.self) {
            try await test.store.read { try $0.fetchOne(KindCount.self, "SELECT 'audit' AS kind", []) }
        }
        #expect(missing == .corrupt(path: test.path, detail: "malformed row: no column n"))
        // A policy field read as a raw value: its column missing is an error, not "inherited".
        let policy = await #expect(throws: StoreError.self) {
            try await test.store.read { try $0.fetchOne(PolicyRecord.self, "SELECT id, profile_id, version FROM policies WHERE profile_id IS NULL", []) }
        }
        #expect(policy?.description.contains("malformed row: no column") == true, "\(String(describing: policy))")
        let fits = try await test.store.read { try $0.fetchOne(KindCount.self, sql, ["audit", 3]) }
        #expect(fits?.kind == "audit" && fits?.n == 3)
        // Names are matched as SQLite matches them, ignoring case; the leftmost wins.
        let cased = try await test.store.read { try $0.fetchOne(KindCount.self, "SELECT 'first' AS KIND, 'second' AS kind, 7 AS N", []) }
        #expect(cased?.kind == "first" && cased?.n == 7)
    }
}
