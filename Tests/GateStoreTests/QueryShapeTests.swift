import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

/// The queries that must stay fast as the log grows read through indexes: checked on the
/// plans SQLite makes for the statements the store actually runs.
@Suite(.boundedConcurrency) struct QueryShapeTests {
    @Test func recentAttemptsAndDayStatisticsReadThroughIndexes() async throws {
        let test = try TestStore()
        defer { try? FileManager.default.removeItem(at: test.directory) }
        let profileID = try await test.store.write { transaction in
            try transaction.addProfile(name: ProfileName("emma"), locale: .english, by: TestStore.parent, at: Date()).id
        }
        let since = Date().addingTimeInterval(-86_400)
        let statements = try await test.store.read { transaction in
            let recorder = StatementRecorder()
            transaction.db.trace(options: .statement) { event in recorder.append(event.expandedDescription) }
            defer { transaction.db.trace(options: []) }
            _ = try transaction.attempts(AttemptFilter(profileID: profileID), limit: 50).items
            // The next page, after a cursor: still read through the index, in its order.
            _ = try transaction.attempts(
                AttemptFilter(profileID: profileID), limit: 50, after: PageCursor(id: 40, time: since.millisecondsSince1970))
            _ = try transaction.gateStats(profileID: nil, since: since)
            return recorder.statements
        }
        let watched = ["attempts", "challenges", "audit_log"]
        // GRDB's query interface quotes names (`FROM "attempts"`); the checks read the SQL without quotes.
        let reads = statements.filter { sql in watched.contains { sql.unquoted.contains("FROM \($0)") } }
        #expect(reads.count >= 5, "expected the attempts queries and four statistics queries, got \(reads)")
        for sql in reads {
            let plan = try await test.plan(of: sql)
            for table in watched {
                #expect(!plan.contains { $0.hasPrefix("SCAN \(table)") }, "full scan of \(table) in \(sql): \(plan)")
            }
            // A time bound must narrow the index search, not be checked row by row.
            if sql.unquoted.contains("_at >=") {
                #expect(plan.contains { $0.hasPrefix("SEARCH") && $0.contains("_at>?") }, "time bound outside the index in \(sql): \(plan)")
            }
            if sql.unquoted.contains("ORDER BY answered_at DESC") {
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "recent attempts sorted outside the index: \(plan)")
            }
        }
    }

    /// The event stream (`GET /v1/admin/events`) reads the audit log's tail after the last
    /// record it sent, every second per open stream: by primary key, never a scan or a sort.
    @Test func theAuditTailReadsByPrimaryKey() async throws {
        let test = try TestStore()
        defer { try? FileManager.default.removeItem(at: test.directory) }
        try await test.store.write { transaction in
            _ = try transaction.addProfile(name: ProfileName("emma"), locale: .english, by: TestStore.parent, at: Date())
        }
        let statements = try await test.store.read { transaction in
            try StatementRecorder.statements(of: transaction.db) {
                _ = try transaction.auditEntries(AuditFilter(), order: .oldestFirst, limit: 500, after: PageCursor(id: 1))
            }
        }
        let reads = statements.filter { $0.unquoted.contains("FROM audit_log") }
        #expect(reads.count == 1, "\(statements)")
        try await test.expectPlans(of: reads, search: "SEARCH l USING INTEGER PRIMARY KEY (rowid>?)") {
            $0.hasPrefix("SCAN") || $0.contains("TEMP B-TREE")
        }
    }

    @Test func aTransactionReadsAChallengeAgainOnlyAfterChangingIt() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let issued = IssuedChallenge.sample(profileID: emma.id, at: now)
        let id = issued.challenge.id
        try await test.store.write { try $0.insertChallenge(issued, at: now) }
        let (statements, seen) = try await test.store.write { transaction in
            let recorder = StatementRecorder()
            transaction.db.trace(options: .statement) { event in recorder.append(event.expandedDescription) }
            defer { transaction.db.trace(options: []) }
            var seen: [StoredChallenge?] = []
            _ = try transaction.profile(named: "emma")
            seen.append(try transaction.challenge(id: id))
            seen.append(try transaction.challenge(id: id))
            try transaction.recordAttempt(challenge: id, value: 1, outcome: .wrong, responseTime: .seconds(3), client: nil, at: now)
            seen.append(try transaction.challenge(id: id))
            try transaction.endChallenge(id, as: .failed, at: now)
            seen.append(try transaction.challenge(id: id))
            return (recorder.statements, seen)
        }
        #expect(seen.map { $0?.wrongAnswers } == [0, 0, 1, 1])
        #expect(seen.map { $0?.status } == [.open, .open, .open, .failed])
        let challengeReads = statements.filter { $0.contains("FROM challenges WHERE id") }
        #expect(challengeReads.count == 3, "read once, then once after each change: \(statements)")
        #expect(!statements.contains { $0.contains("SELECT name FROM profiles") }, "the profile's name was read already: \(statements)")
        let failed = try await test.store.read { try $0.auditEntries(AuditFilter(profileID: emma.id), limit: 1000).items }.last
        #expect(failed?.event.kind == .challengeFailed)
        #expect(failed?.event.details["wrongAnswers"] == "1")
        #expect(failed?.event.profileName == "emma")
    }

    /// Every status poll of a parent request expires the due ones and drops the sealed tokens
    /// of approvals whose parent mode is over: one session looked up by its id for each, never
    /// a read of the sessions table, which grows by one row a pass for as long as it is kept.
    @Test func expiringParentRequestsLooksUpSessionsById() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let statements = try await test.store.write { transaction in
            try StatementRecorder.statements(of: transaction.db) {
                _ = try transaction.expireParentRequests(profileID: emma.id, reading: test.clock.now)
                _ = try transaction.expireParentRequests(profileID: nil, reading: test.clock.now)
            }
        }
        let reads = statements.filter { $0.unquoted.contains("FROM parent_sessions") }
        #expect(reads.count == 2, "\(statements)")
        try await test.expectPlans(of: reads, search: "SEARCH s USING INTEGER PRIMARY KEY (rowid=?)") {
            $0.hasPrefix("SCAN parent_sessions") || $0.hasPrefix("SCAN s")
        }
    }

    /// Deleting a row makes SQLite look up the rows that refer to it; without an index on the
    /// referring column that is a scan of the whole table per deleted row (quadratic prunes).
    @Test func everyReferenceThatADeleteFollowsHasAnIndex() async throws {
        let test = try TestStore()
        defer { test.remove() }
        // Kinds of audit record and of notification are only ever added, never deleted.
        let neverDeleted: Set<String> = ["audit_event_kinds", "notification_event_kinds"]
        let missing = try await test.store.read { transaction in
            let db = transaction.db
            var missing: [String] = []
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            for table in tables {
                let leading = try Set(Row.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?)", arguments: [table]).map { row in
                    try String.fetchOne(db, sql: "SELECT name FROM pragma_index_info(?) WHERE seqno = 0", arguments: [row["name"] as String])
                }.compactMap { $0 })
                let primaryKey = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk = 1", arguments: [table])
                for reference in try Row.fetchAll(db, sql: "SELECT \"table\" AS parent, \"from\" AS child FROM pragma_foreign_key_list(?)", arguments: [table]) {
                    let parent: String = reference["parent"]
                    let child: String = reference["child"]
                    if neverDeleted.contains(parent) || leading.contains(child) || primaryKey == [child] { continue }
                    missing.append("\(table).\(child) → \(parent)")
                }
            }
            return missing
        }
        #expect(missing.isEmpty, "referring columns without an index: \(missing)")
    }

    @Test func handWrittenAuditDetailsMatchJSONEncoder() throws {
        let samples: [[String: String]] = [
            [:], ["a": "b"], ["outcome": "correct", "responseMs": "900", "value": "-3"],
            ["quote\"": "back\\slash", "ctl": "\u{01}\u{1F}\n\r\t\u{08}\u{0C}", "slash": "a/b", "uni": "Ёлка 🎄 \u{202E}"],
            ["z": "", "A": "upper", "é": "accent", "1": "digit"],
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for sample in samples {
            let expected = String(decoding: try encoder.encode(sample), as: UTF8.self)
            #expect(JSONText.encode(sample) == expected)
            #expect(try JSONText.decode([String: String].self, from: JSONText.encode(sample)) == sample)
        }
    }
}

private extension TestStore {
    /// SQLite's plan of `sql`, a line per step.
    func plan(of sql: String) async throws -> [String] {
        try await store.read { transaction in
            try Row.fetchAll(transaction.db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
        }
    }

    /// Each of `statements` is planned with a step beginning `search` and none that `forbidden` matches.
    func expectPlans(
        of statements: [String], search: String, forbidden: (String) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for sql in statements {
            let plan = try await plan(of: sql)
            #expect(plan.contains { $0.hasPrefix(search) }, "\(sql): \(plan)", sourceLocation: sourceLocation)
            let forbiddenSteps = plan.filter(forbidden)
            #expect(forbiddenSteps.isEmpty, "\(sql): \(plan)", sourceLocation: sourceLocation)
        }
    }
}

/// Collects traced SQL from the connection's thread.
private final class StatementRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func append(_ sql: String) {
        lock.withLock { collected.append(sql) }
    }

    var statements: [String] {
        lock.withLock { collected }
    }

    /// The SQL `db` runs during `body`, its values written in.
    static func statements(of db: Database, during body: () throws -> Void) rethrows -> [String] {
        let recorder = StatementRecorder()
        db.trace(options: .statement) { event in recorder.append(event.expandedDescription) }
        defer { db.trace(options: []) }
        try body()
        return recorder.statements
    }
}

private extension String {
    /// The SQL without the double quotes GRDB puts around names.
    var unquoted: String { replacingOccurrences(of: "\"", with: "") }
}
