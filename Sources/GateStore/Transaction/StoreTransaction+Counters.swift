import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The profile's gate counters.
    package func gateCounters(profileID: Int64) throws -> GateCounters {
        try GateStateRecord.fetchOne(db, key: profileID)?.counters ?? .initial
    }

    /// Saves the profile's gate counters and appends `events` (the lockouts, unlocks and
    /// clock anomalies that changed them) to the audit log, in this transaction.
    package func saveGateCounters(
        _ counters: GateCounters, profileID: Int64, auditing events: [AuditEvent], at now: Date
    ) throws {
        guard try profile(id: profileID) != nil else { throw StoreError.profileNotFound("#\(profileID)") }
        try GateStateRecord(profileID: profileID, counters: counters, updatedAt: now).save(db)
        for event in events {
            try appendAudit(event, at: now)
        }
    }
}
