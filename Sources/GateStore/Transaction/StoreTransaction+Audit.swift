import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Appends `event` to the audit log at `now`, chained to the latest record.
    ///
    /// A missing profile name is filled in from the profile, so the log keeps the name the
    /// profile had when it happened.
    @discardableResult
    package func appendAudit(_ event: AuditEvent, at now: Date) throws -> AuditEntry {
        var event = event
        if event.profileName == nil, let profileID = event.profileID {
            event.profileName = try String.fetchOne(db, sql: "SELECT name FROM profiles WHERE id = ?", arguments: [profileID])
        }
        let previous = try Row.fetchOne(db, sql: "SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1")
        let anchor = try Row.fetchOne(db, sql: "SELECT pruned_through_id, pruned_through_hash FROM audit_anchor WHERE id = 1")
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'audit_log'") ?? 0
        let previousHash: Data = previous?["hash"] ?? anchor?["pruned_through_hash"] ?? AuditChain.genesis
        let lastID = max(previous?["id"] ?? 0, anchor?["pruned_through_id"] ?? 0, sequence)
        let record = try AuditLogRecord(id: lastID + 1, occurredAt: now, event: event, previousHash: previousHash)
        try record.insert(db)
        return try record.entry()
    }

    /// Audit entries matching `filter`, oldest first.
    package func auditEntries(_ filter: AuditFilter) throws -> [AuditEntry] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let profileID = filter.profileID {
            conditions.append("profile_id = ?")
            arguments += [profileID]
        }
        if let profileName = filter.profileName {
            conditions.append("profile_name = ? COLLATE NOCASE")
            arguments += [profileName]
        }
        if let since = filter.since {
            conditions.append("occurred_at >= ?")
            arguments += [since.millisecondsSince1970]
        }
        if let until = filter.until {
            conditions.append("occurred_at < ?")
            arguments += [until.millisecondsSince1970]
        }
        if let kinds = filter.kinds {
            conditions.append("kind IN (\(databaseQuestionMarks(count: kinds.count)))")
            arguments += StatementArguments(kinds.map(\.rawValue).sorted())
        }
        if let outcome = filter.outcome {
            conditions.append("kind IN ('answerRecorded', 'replayRefused') AND json_extract(details, '$.outcome') = ?")
            arguments += [outcome.rawValue]
        }
        if let afterID = filter.afterID {
            conditions.append("id > ?")
            arguments += [afterID]
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments += [max(0, filter.limit)]
        let order = filter.latest ? "DESC" : "ASC"
        let records = try AuditLogRecord.fetchAll(
            db, sql: "SELECT * FROM audit_log \(whereClause) ORDER BY id \(order) LIMIT ?", arguments: arguments)
        return try (filter.latest ? records.reversed() : records).map { try $0.entry() }
    }
}
