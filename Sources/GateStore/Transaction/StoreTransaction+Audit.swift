import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The id the next audit record follows and the hash it chains to: the newest record's,
    /// else the prune anchor's; never below the highest id ever used (a deleted tail leaves
    /// a gap that verification reports). Reads the open runs with it, when there are any.
    package func auditTail() throws -> (id: Int64, hash: Data) {
        if let tail = memo.auditTail { return tail }
        let row = try Row.fetchOne(db.cachedStatement(sql: Self.tailSQL))
        let hash: Data = row?["hash"] ?? row?["anchor_hash"] ?? AuditChain.genesis
        let id: Int64 = max(row?["id"] ?? 0, row?["anchor_id"] ?? 0, row?["seq"] ?? 0)
        if row?["open_runs"] == true {
            for record in try AuditRepeatRecord.fetchAll(db.cachedStatement(sql: AuditRepeatRecord.openSQL)) {
                guard let run = record.run else { continue }
                memo.openRuns[run.profileID, default: [:]][run.kind] = run
            }
        }
        memo.auditTail = (id, hash)
        return (id, hash)
    }

    /// How many records of each of `kinds` the audit log holds (by its kind-and-time index).
    package func auditCounts(of kinds: [AuditEventKind]) throws -> [AuditEventKind: Int] {
        guard !kinds.isEmpty else { return [:] }
        typealias Columns = AuditLogRecord.Columns
        let names = kinds.map(\.rawValue)
        var counts: [AuditEventKind: Int] = [:]
        for row in try AuditLogRecord.filter({ names.contains($0.kind) }).group(Columns.kind)
            .select(Columns.kind, count(SQL("*")).forKey("n")).asRequest(of: Row.self).fetchAll(db)
        {
            if let kind = AuditEventKind(rawValue: row[Columns.kind]) { counts[kind] = row["n"] }
        }
        return counts
    }

    /// A page of the audit entries matching `filter`, in `order`, at most `limit` of them,
    /// starting after `cursor`; with the count and last time of runs.
    ///
    /// `since` keeps a run that began earlier but repeated since; `until` one that began before.
    package func auditEntries(
        _ filter: AuditFilter, order: PageOrder, limit: Int, after cursor: PageCursor<AuditEntry>?
    ) throws -> Page<AuditEntry> {
        typealias Log = AuditLogRecord.Columns
        typealias Run = AuditRepeatRecord.Columns
        let runs = AuditRepeatRecord.databaseTableName
        // `l` is the log in AuditLogRecord.selectWithRuns; every value is bound, never spelled into the SQL.
        var conditions: [SQL] = []
        if let profileID = filter.profileID { conditions.append("l.\(Log.profileId) = \(profileID)") }
        if let name = filter.profileName { conditions.append("l.\(Log.profileName) = \(name) COLLATE NOCASE") }
        if let since = filter.since?.millisecondsSince1970 {
            // A run that began earlier but repeated since belongs too: the time range then starts
            // at the earliest such run, and within it the run is told by its last time.
            let runStart = try SQLRequest<Int64>(literal: """
                SELECT min(l.\(Log.occurredAt)) FROM \(sql: runs) r JOIN \(AuditLogRecord.self) l ON l.\(Log.id) = r.\(Run.auditId)
                WHERE r.\(Run.lastAt) >= \(since)
                """).fetchOne(db)
            if let runStart, runStart < since {
                conditions.append("""
                    l.\(Log.occurredAt) >= \(runStart) AND (l.\(Log.occurredAt) >= \(since)
                    OR l.\(Log.id) IN (SELECT \(Run.auditId) FROM \(sql: runs) WHERE \(Run.lastAt) >= \(since)))
                    """)
            } else {
                conditions.append("l.\(Log.occurredAt) >= \(since)")
            }
        }
        if let until = filter.until?.millisecondsSince1970 { conditions.append("l.\(Log.occurredAt) < \(until)") }
        if let kinds = filter.kinds?.map(\.rawValue).sorted() { conditions.append("l.\(Log.kind) IN \(kinds)") }
        if let outcome = filter.outcome {
            let kinds = [AuditEventKind.answerRecorded.rawValue, AuditEventKind.replayRefused.rawValue]
            conditions.append("l.\(Log.kind) IN \(kinds) AND json_extract(l.\(Log.details), '$.outcome') = \(outcome.rawValue)")
        }
        if let after = cursor?.id { conditions.append(order == .oldestFirst ? "l.\(Log.id) > \(after)" : "l.\(Log.id) < \(after)") }
        let whereClause: SQL = conditions.isEmpty ? "" : "WHERE \(conditions.joined(operator: .and))"
        let direction: SQL = order == .oldestFirst ? "ASC" : "DESC"
        let records = try SQLRequest<AuditLogRecord>(literal: """
            \(sql: AuditLogRecord.selectWithRuns) \(whereClause) ORDER BY l.\(Log.id) \(direction) LIMIT \(max(0, limit) + 1)
            """).fetchAll(db)
        let entries = try records.prefix(max(0, limit)).map { try $0.entry() }
        return Page(items: entries, next: records.count > limit ? entries.last.map { PageCursor(id: $0.id) } : nil)
    }

    /// The newest record's id and hash, the prune anchor's, the highest id ever given
    /// (`sqlite_sequence`), and whether any run is open: one statement, cached per connection.
    private static let tailSQL = {
        typealias Log = AuditLogRecord.Columns
        typealias Anchor = AuditAnchorRecord.Columns
        typealias Run = AuditRepeatRecord.Columns
        let log = AuditLogRecord.databaseTableName
        return """
            SELECT l.\(Log.id.name) AS id, l.\(Log.hash.name) AS hash,
                   a.\(Anchor.prunedThroughId.name) AS anchor_id, a.\(Anchor.prunedThroughHash.name) AS anchor_hash,
                   (SELECT seq FROM sqlite_sequence WHERE name = '\(log)') AS seq,
                   EXISTS (SELECT 1 FROM \(AuditRepeatRecord.databaseTableName) WHERE \(Run.closed.name) = 0) AS open_runs
            FROM (SELECT 1) LEFT JOIN \(AuditAnchorRecord.databaseTableName) a ON a.\(Anchor.id.name) = 1
            LEFT JOIN (SELECT \(Log.id.name), \(Log.hash.name) FROM \(log) ORDER BY \(Log.id.name) DESC LIMIT 1) l
            """
    }()
}
