import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// How many records of each of `kinds` the audit log holds (by its kind-and-time index);
    /// a kind it holds none of is left out.
    package func auditCounts(of kinds: [AuditEventKind]) throws -> [AuditEventKind: Int] {
        guard !kinds.isEmpty else { return [:] }
        typealias Log = AuditLogRecord.Columns
        let marks = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
        var counts: [AuditEventKind: Int] = [:]
        for count in try fetchAll(KindCount.self, """
            SELECT \(Log.kind.name) AS kind, count(*) AS n FROM \(AuditLogRecord.databaseTableName)
            WHERE \(Log.kind.name) IN (\(marks)) GROUP BY \(Log.kind.name)
            """, kinds.map(\.rawValue))
        {
            if let kind = AuditEventKind(rawValue: count.kind) { counts[kind] = count.n }
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
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let profileID = filter.profileID {
            conditions.append("l.\(Log.profileId.name) = ?")
            arguments.append(profileID)
        }
        if let name = filter.profileName {
            conditions.append(dialect.equalIgnoringCase("l.\(Log.profileName.name)"))
            arguments.append(name)
        }
        if let since = filter.since?.millisecondsSince1970 {
            // A run that began earlier but repeated since belongs too: the time range then starts
            // at the earliest such run, and within it the run is told by its last time.
            let runStart = try fetchOne(SingleValue.self, """
                SELECT min(l.\(Log.occurredAt.name)) FROM \(runs) r JOIN \(AuditLogRecord.databaseTableName) l
                ON l.\(Log.id.name) = r.\(Run.auditId.name) WHERE r.\(Run.lastAt.name) >= ?
                """, [since])?.value.flatMap { Int64.fromDatabaseValue($0) }
            if let runStart, runStart < since {
                conditions.append("""
                    l.\(Log.occurredAt.name) >= ? AND (l.\(Log.occurredAt.name) >= ?
                    OR l.\(Log.id.name) IN (SELECT \(Run.auditId.name) FROM \(runs) WHERE \(Run.lastAt.name) >= ?))
                    """)
                arguments += [runStart, since, since]
            } else {
                conditions.append("l.\(Log.occurredAt.name) >= ?")
                arguments.append(since)
            }
        }
        if let until = filter.until?.millisecondsSince1970 {
            conditions.append("l.\(Log.occurredAt.name) < ?")
            arguments.append(until)
        }
        if let kinds = filter.kinds?.map(\.rawValue).sorted() {
            // No kind at all matches nothing (and `IN ()` is not SQL PostgreSQL takes).
            if kinds.isEmpty { return Page(items: [], next: nil) }
            conditions.append("l.\(Log.kind.name) IN (\(Array(repeating: "?", count: kinds.count).joined(separator: ", ")))")
            arguments += kinds
        }
        if let outcome = filter.outcome {
            conditions.append("l.\(Log.kind.name) IN (?, ?) AND \(dialect.jsonText("l.\(Log.details.name)", key: "outcome")) = ?")
            arguments += [AuditEventKind.answerRecorded.rawValue, AuditEventKind.replayRefused.rawValue, outcome.rawValue]
        }
        if let after = cursor?.id {
            conditions.append(order == .oldestFirst ? "l.\(Log.id.name) > ?" : "l.\(Log.id.name) < ?")
            arguments.append(after)
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.map { "(\($0))" }.joined(separator: " AND ")
        let records = try fetchAll(
            AuditLogRecord.self,
            "\(AuditLogRecord.selectWithRuns) \(whereClause) ORDER BY l.\(Log.id.name) \(order == .oldestFirst ? "ASC" : "DESC") LIMIT ?",
            arguments + [max(0, limit) + 1])
        let entries = try records.prefix(max(0, limit)).map { try $0.entry() }
        return Page(items: entries, next: records.count > limit ? entries.last.map { PageCursor(id: $0.id) } : nil)
    }

    /// A page of the recorded attempts matching `filter`, newest first, at most `limit` of
    /// them, starting after `cursor`.
    package func attempts(_ filter: AttemptFilter, limit: Int, after cursor: PageCursor<Attempt>?) throws -> Page<Attempt> {
        typealias Columns = AttemptRecord.Columns
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let profileID = filter.profileID {
            conditions.append("a.\(Columns.profileId.name) = ?")
            arguments.append(profileID)
        }
        if let since = filter.since?.millisecondsSince1970 {
            conditions.append("a.\(Columns.answeredAt.name) >= ?")
            arguments.append(since)
        }
        if let until = filter.until?.millisecondsSince1970 {
            conditions.append("a.\(Columns.answeredAt.name) < ?")
            arguments.append(until)
        }
        if let outcomes = filter.outcomes?.map(\.rawValue).sorted() {
            if outcomes.isEmpty { return Page(items: [], next: nil) }
            conditions.append("a.\(Columns.outcome.name) IN (\(Array(repeating: "?", count: outcomes.count).joined(separator: ", ")))")
            arguments += outcomes
        }
        if let cursor {
            conditions.append("(a.\(Columns.answeredAt.name), a.\(Columns.id.name)) < (?, ?)")
            arguments += [cursor.time ?? Int64.max, cursor.id]
        }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let records = try fetchAll(
            AttemptRecord.self,
            "\(AttemptRecord.selectWithCount)\(whereClause) ORDER BY a.\(Columns.answeredAt.name) DESC, a.\(Columns.id.name) DESC LIMIT ?",
            arguments + [max(0, limit) + 1])
        let attempts = try records.prefix(max(0, limit)).map { try $0.attempt() }
        let next = records.count > limit ? attempts.last.map { PageCursor<Attempt>(id: $0.id, time: $0.answeredAt.millisecondsSince1970) } : nil
        return Page(items: attempts, next: next)
    }
}

/// A kind of audit record and how many the log holds.
struct KindCount: ReadableRecord {
    var kind: String
    var n: Int

    init(row: some ColumnReader) throws {
        kind = try row["kind"]
        n = try row["n"]
    }
}

/// The one value of a row (a count, a minimum).
struct SingleValue: ReadableRecord {
    var value: DatabaseValue?

    init(row: some ColumnReader) throws {
        value = try row[0]
    }

    /// The value as a count (0 when it is NULL).
    var count: Int {
        value.flatMap { Int.fromDatabaseValue($0) } ?? 0
    }
}
