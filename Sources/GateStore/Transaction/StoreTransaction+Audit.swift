import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Appends `event` to the audit log at `now`, chained to the latest record; returns the
    /// record that holds it and whether it joined a run (``AuditRun``) instead of adding one.
    ///
    /// A missing profile name is filled in from the profile, so the log keeps the name the
    /// profile had when it happened; the local account of a daemon socket's caller, if the
    /// transaction has one (``attribute(to:)``), goes into its details. A refusal, replay or
    /// clock anomaly that repeats the profile's open run of its kind only counts in it; any
    /// other event of the profile closes the profile's runs and seals their counts into its
    /// own details. An event parents are told about (``NotificationEventKind/init(audit:)``)
    /// is queued in the notification outbox.
    @discardableResult
    package func appendAudit(_ event: AuditEvent, at now: Date) throws -> (id: Int64, repeated: Bool) {
        var event = event
        if let account = memo.account, event.details[AuditEvent.accountKey] == nil {
            event.details[AuditEvent.accountKey] = account
        }
        if event.profileName == nil, let profileID = event.profileID {
            event.profileName = try profileName(id: profileID)
        }
        let tail = try auditTail()
        let key = AuditRun.key(for: event)
        if let profileID = event.profileID, let runs = memo.openRuns[profileID] {
            if key != nil, let run = runs[event.kind], run.key == key {
                return (try repeatRun(run, at: now), true)
            }
            let closing = key == nil ? Array(runs.values) : runs[event.kind].map { [$0] } ?? []
            for run in closing { try closeRun(run) }
            if let seal = AuditRun.seal(closing) { event.details[AuditRun.sealKey] = seal }
        }
        let record = AuditLogRecord(id: tail.id + 1, occurredAt: now, event: event, previousHash: tail.hash)
        try record.insertCached(db)
        memo.auditTail = (record.id, record.hash)
        if let kind = NotificationEventKind(audit: event.kind) {
            // In this transaction: the event and its notifications are committed together or not at all.
            try queueNotifications(
                NotificationEvent(
                    kind: kind, profile: event.profileName, occurredAt: Date(millisecondsSince1970: record.occurredAt),
                    details: NotificationEvent.details(of: event), auditID: record.id),
                profileID: event.profileID)
        }
        if let key, let profileID = event.profileID {
            try openRun(AuditRun(
                auditID: record.id, profileID: profileID, kind: event.kind, key: key, count: 1, lastAt: record.occurredAt))
        }
        return (record.id, false)
    }

    /// Starts a run at its first record.
    private func openRun(_ run: AuditRun) throws {
        try execute(
            cached: "INSERT INTO audit_repeats (audit_id, profile_id, kind, run_key, count, last_at) VALUES (?,?,?,?,?,?)",
            arguments: [run.auditID, run.profileID, run.kind.rawValue, run.key, run.count, run.lastAt])
        memo.openRuns[run.profileID, default: [:]][run.kind] = run
    }

    /// Counts one more occurrence in `run`; returns its record's id.
    private func repeatRun(_ run: AuditRun, at now: Date) throws -> Int64 {
        var run = run
        run.count += 1
        run.lastAt = max(run.lastAt, now.millisecondsSince1970)
        try execute(
            cached: "UPDATE audit_repeats SET count = ?, last_at = ? WHERE audit_id = ?",
            arguments: [run.count, run.lastAt, run.auditID])
        memo.openRuns[run.profileID, default: [:]][run.kind] = run
        return run.auditID
    }

    /// Closes `run`: one that never repeated leaves nothing; one that did is kept, sealed.
    private func closeRun(_ run: AuditRun) throws {
        if run.count > 1 {
            try execute(cached: "UPDATE audit_repeats SET closed = 1 WHERE audit_id = ?", arguments: [run.auditID])
        } else {
            try execute(cached: "DELETE FROM audit_repeats WHERE audit_id = ?", arguments: [run.auditID])
        }
        memo.openRuns[run.profileID]?[run.kind] = nil
        if memo.openRuns[run.profileID]?.isEmpty == true { memo.openRuns[run.profileID] = nil }
    }

    /// The id the next audit record follows and the hash it chains to: the newest record's,
    /// else the prune anchor's; never below the highest id ever used (a deleted tail leaves
    /// a gap that verification reports). Reads the open runs with it, when there are any.
    private func auditTail() throws -> (id: Int64, hash: Data) {
        if let tail = memo.auditTail { return tail }
        let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT l.id AS id, l.hash AS hash, a.pruned_through_id AS anchor_id, a.pruned_through_hash AS anchor_hash,
                       (SELECT seq FROM sqlite_sequence WHERE name = 'audit_log') AS seq,
                       EXISTS (SELECT 1 FROM audit_repeats WHERE closed = 0) AS open_runs
                FROM (SELECT 1) LEFT JOIN audit_anchor a ON a.id = 1
                LEFT JOIN (SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1) l
                """))
        let hash: Data = row?["hash"] ?? row?["anchor_hash"] ?? AuditChain.genesis
        let id: Int64 = max(row?["id"] ?? 0, row?["anchor_id"] ?? 0, row?["seq"] ?? 0)
        if row?["open_runs"] == true {
            for row in try Row.fetchAll(
                db, sql: "SELECT audit_id, profile_id, kind, run_key, count, last_at FROM audit_repeats WHERE closed = 0")
            {
                guard let kind = AuditEventKind(rawValue: row["kind"]) else { continue }
                let run = AuditRun(
                    auditID: row["audit_id"], profileID: row["profile_id"], kind: kind, key: row["run_key"],
                    count: row["count"], lastAt: row["last_at"])
                memo.openRuns[run.profileID, default: [:]][kind] = run
            }
        }
        memo.auditTail = (id, hash)
        return (id, hash)
    }

    /// The name of profile `id` now, or `nil` when it is gone.
    private func profileName(id: Int64) throws -> String? {
        if let name = memo.profileNames[id] { return name }
        let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM profiles WHERE id = ?"), arguments: [id])
        if let name { memo.profileNames[id] = name }
        return name
    }

    /// How many records of each of `kinds` the audit log holds (by its kind-and-time index).
    package func auditCounts(of kinds: [AuditEventKind]) throws -> [AuditEventKind: Int] {
        guard !kinds.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
        var counts: [AuditEventKind: Int] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT kind, count(*) AS n FROM audit_log WHERE kind IN (\(marks)) GROUP BY kind",
            arguments: StatementArguments(kinds.map(\.rawValue)))
        {
            if let kind = AuditEventKind(rawValue: row["kind"]) { counts[kind] = row["n"] }
        }
        return counts
    }

    /// A page of the audit entries matching `filter`, in `order`, at most `limit` of them,
    /// starting after `cursor`; with the count and last time of runs.
    ///
    /// `since` keeps a run that began earlier but repeated since; `until` one that began before.
    package func auditEntries(
        _ filter: AuditFilter, order: PageOrder = .oldestFirst, limit: Int, after cursor: PageCursor<AuditEntry>? = nil
    ) throws -> Page<AuditEntry> {
        var sql = SQLFilter()
        sql.add("l.profile_id = ?", ifPresent: filter.profileID)
        sql.add("l.profile_name = ? COLLATE NOCASE", ifPresent: filter.profileName)
        if let since = filter.since?.millisecondsSince1970 {
            // A run that began earlier but repeated since belongs too: the time range then starts
            // at the earliest such run, and within it the run is told by its last time.
            let runStart = try Int64.fetchOne(
                db, sql: "SELECT min(l.occurred_at) FROM audit_repeats r JOIN audit_log l ON l.id = r.audit_id WHERE r.last_at >= ?",
                arguments: [since])
            if let runStart, runStart < since {
                sql.add(
                    "l.occurred_at >= ? AND (l.occurred_at >= ? OR l.id IN (SELECT audit_id FROM audit_repeats WHERE last_at >= ?))",
                    runStart, since, since)
            } else {
                sql.add("l.occurred_at >= ?", since)
            }
        }
        sql.add("l.occurred_at < ?", ifPresent: filter.until?.millisecondsSince1970)
        sql.add("l.kind", in: filter.kinds.map { $0.map(\.rawValue) })
        if let outcome = filter.outcome {
            sql.add(
                "l.kind IN (?, ?) AND json_extract(l.details, '$.outcome') = ?",
                AuditEventKind.answerRecorded.rawValue, AuditEventKind.replayRefused.rawValue, outcome.rawValue)
        }
        let direction = order == .oldestFirst ? "ASC" : "DESC"
        sql.add(order == .oldestFirst ? "l.id > ?" : "l.id < ?", ifPresent: cursor?.id)
        let records = try AuditLogRecord.fetchAll(
            db, sql: "\(AuditLogRecord.selectWithRuns) \(sql.whereClause) ORDER BY l.id \(direction) LIMIT ?",
            arguments: sql.arguments + [max(0, limit) + 1])
        let entries = try records.prefix(max(0, limit)).map { try $0.entry() }
        return Page(items: entries, next: records.count > limit ? entries.last.map { PageCursor(id: $0.id) } : nil)
    }
}
