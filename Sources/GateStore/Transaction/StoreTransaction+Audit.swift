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
            event.profileName = try profileName(id: profileID)
        }
        let tail = try auditTail()
        let record = AuditLogRecord(id: tail.id + 1, occurredAt: now, event: event, previousHash: tail.hash)
        try execute(
            cached: """
                INSERT INTO audit_log (id, occurred_at, kind, profile_id, profile_name, actor, client, challenge_id,
                details, prev_hash, hash) VALUES (?,?,?,?,?,?,?,?,?,?,?)
                """,
            arguments: [
                record.id, record.occurredAt, record.kind, record.profileId, record.profileName, record.actor,
                record.client, record.challengeId, record.details, record.prevHash, record.hash,
            ])
        memo.auditTail = (record.id, record.hash)
        return AuditEntry(
            id: record.id, occurredAt: Date(millisecondsSince1970: record.occurredAt), event: event,
            previousHash: Array(record.prevHash), hash: Array(record.hash))
    }

    /// The id the next audit record follows and the hash it chains to: the newest record's,
    /// else the prune anchor's; never below the highest id ever used (a deleted tail leaves
    /// a gap that verification reports).
    private func auditTail() throws -> (id: Int64, hash: Data) {
        if let tail = memo.auditTail { return tail }
        let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT l.id AS id, l.hash AS hash, a.pruned_through_id AS anchor_id, a.pruned_through_hash AS anchor_hash,
                       (SELECT seq FROM sqlite_sequence WHERE name = 'audit_log') AS seq
                FROM (SELECT 1) LEFT JOIN audit_anchor a ON a.id = 1
                LEFT JOIN (SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1) l
                """))
        let hash: Data = row?["hash"] ?? row?["anchor_hash"] ?? AuditChain.genesis
        let id: Int64 = max(row?["id"] ?? 0, row?["anchor_id"] ?? 0, row?["seq"] ?? 0)
        return (id, hash)
    }

    /// The name of profile `id` now, or `nil` when it is gone.
    private func profileName(id: Int64) throws -> String? {
        if let name = memo.profileNames[id] { return name }
        let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM profiles WHERE id = ?"), arguments: [id])
        if let name { memo.profileNames[id] = name }
        return name
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
