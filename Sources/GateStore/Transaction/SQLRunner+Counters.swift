import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// The profile's gate counters.
    package func gateCounters(profileID: Int64) throws -> GateCounters {
        _ = try lockGate(of: profileID)
        return try fetchOne(GateStateRecord.self, GateStateRecord.byProfileSQL, [profileID])?.counters ?? .initial
    }

    /// Saves the profile's gate counters and appends `events` (the lockouts, unlocks and
    /// clock anomalies that changed them) to the audit log, in this transaction.
    package func saveGateCounters(
        _ counters: GateCounters, profileID: Int64, auditing events: [AuditEvent], at now: Date
    ) throws {
        let record = GateStateRecord(profileID: profileID, counters: counters, updatedAt: now)
        let updated = try execute(GateStateRecord.updateSQL, record.updateArguments)
        if updated == 0 {
            guard try profile(id: profileID) != nil else { throw StoreError.notFound(.profile("#\(profileID)")) }
            try insert(record)
        }
        for event in events {
            try appendAudit(event, at: now)
        }
    }
}
