import Foundation
import GateCore
import GRDB

extension SQLRunner {
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
        try insert(record)
        memo.auditTail = (record.id, record.hash)
        if let kind = NotificationEventKind(audit: event.kind) {
            // In this transaction: the event and its notifications are committed together or not at all.
            try queueNotifications(
                NotificationEvent(
                    kind: kind, profile: event.profileName, occurredAt: Date(millisecondsSince1970: record.occurredAt),
                    details: NotificationEvent.details(of: event), auditID: record.id),
                profileID: event.profileID, only: nil)
        }
        if let key, let profileID = event.profileID {
            try openRun(AuditRun(
                auditID: record.id, profileID: profileID, kind: event.kind, key: key, count: 1, lastAt: record.occurredAt))
        }
        return (record.id, false)
    }

    /// Starts a run at its first record.
    private func openRun(_ run: AuditRun) throws {
        try insert(AuditRepeatRecord(run))
        memo.openRuns[run.profileID, default: [:]][run.kind] = run
    }

    /// Counts one more occurrence in `run`; returns its record's id.
    private func repeatRun(_ run: AuditRun, at now: Date) throws -> Int64 {
        var run = run
        run.count += 1
        run.lastAt = max(run.lastAt, now.millisecondsSince1970)
        try execute(AuditRepeatRecord.repeatSQL, [run.count, run.lastAt, run.auditID])
        memo.openRuns[run.profileID, default: [:]][run.kind] = run
        return run.auditID
    }

    /// Closes `run`: one that never repeated leaves nothing; one that did is kept, sealed.
    private func closeRun(_ run: AuditRun) throws {
        if run.count > 1 {
            try execute(AuditRepeatRecord.closeSQL, [true, run.auditID])
        } else {
            try execute(AuditRepeatRecord.deleteSQL, [run.auditID])
        }
        memo.openRuns[run.profileID]?[run.kind] = nil
        if memo.openRuns[run.profileID]?.isEmpty == true { memo.openRuns[run.profileID] = nil }
    }

    /// The name of profile `id` now, or `nil` when it is gone.
    private func profileName(id: Int64) throws -> String? {
        if let name = memo.profileNames[id] { return name }
        let name = try fetchOne(ProfileRecord.self, ProfileRecord.byIDSQL, [id])?.name
        if let name { memo.profileNames[id] = name }
        return name
    }

    /// Notes the open runs of repeats in ``memo``: read with the chain's tail.
    package func noteOpenRuns() throws {
        for record in try fetchAll(AuditRepeatRecord.self, AuditRepeatRecord.openSQL, []) {
            guard let run = record.run else { continue }
            memo.openRuns[run.profileID, default: [:]][run.kind] = run
        }
    }
}
