import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The profile's gate counters.
    package func gateCounters(profileID: Int64) throws -> GateCounters {
        try fetchOne(GateStateRecord.self, cached: GateStateRecord.byProfileSQL, arguments: [profileID])?
            .counters ?? .initial
    }

    /// Saves the profile's gate counters and appends `events` (the lockouts, unlocks and
    /// clock anomalies that changed them) to the audit log, in this transaction.
    package func saveGateCounters(
        _ counters: GateCounters, profileID: Int64, auditing events: [AuditEvent], at now: Date
    ) throws {
        let record = GateStateRecord(profileID: profileID, counters: counters, updatedAt: now)
        let updated = try execute(cached: GateStateRecord.updateSQL, arguments: record.updateArguments)
        if updated == 0 {
            guard try profile(id: profileID) != nil else { throw StoreError.profileNotFound("#\(profileID)") }
            try record.insertCached(db)
        }
        for event in events {
            try appendAudit(event, at: now)
        }
    }
}
