import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The profile's gate counters.
    package func gateCounters(profileID: Int64) throws -> GateCounters {
        try fetchOne(GateStateRecord.self, cached: "SELECT * FROM gate_states WHERE profile_id = ?", arguments: [profileID])?
            .counters ?? .initial
    }

    /// Saves the profile's gate counters and appends `events` (the lockouts, unlocks and
    /// clock anomalies that changed them) to the audit log, in this transaction.
    package func saveGateCounters(
        _ counters: GateCounters, profileID: Int64, auditing events: [AuditEvent], at now: Date
    ) throws {
        let record = GateStateRecord(profileID: profileID, counters: counters, updatedAt: now)
        let updated = try execute(
            cached: """
                UPDATE gate_states SET failures_in_row = ?, last_failure_at = ?, lockout_level = ?, locked_until = ?,
                hard_locked = ?, latest_seen_at = ?, updated_at = ? WHERE profile_id = ?
                """,
            arguments: [
                record.failuresInRow, record.lastFailureAt, record.lockoutLevel, record.lockedUntil, record.hardLocked,
                record.latestSeenAt, record.updatedAt, profileID,
            ])
        if updated == 0 {
            guard try profile(id: profileID) != nil else { throw StoreError.profileNotFound("#\(profileID)") }
            try record.insert(db)
        }
        for event in events {
            try appendAudit(event, at: now)
        }
    }
}
