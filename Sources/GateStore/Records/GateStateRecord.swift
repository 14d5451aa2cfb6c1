import Foundation
import GateCore
import GRDB

/// A row of `gate_states`: a profile's durable counters.
struct GateStateRecord: Hashable {
    var profileId: Int64
    var failuresInRow: Int
    var lastFailureAt: Int64?
    var lockoutLevel: Int
    var lockedUntil: Int64?
    var hardLocked: Bool
    var latestSeenAt: Int64
    var updatedAt: Int64

    init(profileID: Int64, counters: GateCounters, updatedAt: Date) {
        profileId = profileID
        failuresInRow = counters.failuresInRow
        lastFailureAt = counters.lastFailureAt?.millisecondsSince1970
        lockoutLevel = counters.lockoutLevel
        lockedUntil = counters.lockedUntil?.millisecondsSince1970
        hardLocked = counters.isHardLocked
        latestSeenAt = counters.latestSeenAt?.millisecondsSince1970 ?? 0
        self.updatedAt = updatedAt.millisecondsSince1970
    }

    /// The domain value of this row.
    var counters: GateCounters {
        GateCounters(
            failuresInRow: failuresInRow, lastFailureAt: lastFailureAt.map(Date.init(millisecondsSince1970:)),
            lockoutLevel: lockoutLevel, lockedUntil: lockedUntil.map(Date.init(millisecondsSince1970:)),
            isHardLocked: hardLocked,
            latestSeenAt: latestSeenAt == 0 ? nil : Date(millisecondsSince1970: latestSeenAt))
    }
}

// MARK: - Database

// Columns by hand rather than `Codable`: decoding and encoding run on every gate operation.
extension GateStateRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "gate_states"

    init(row: Row) throws {
        profileId = row["profile_id"]
        failuresInRow = row["failures_in_row"]
        lastFailureAt = row["last_failure_at"]
        lockoutLevel = row["lockout_level"]
        lockedUntil = row["locked_until"]
        hardLocked = row["hard_locked"]
        latestSeenAt = row["latest_seen_at"]
        updatedAt = row["updated_at"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["profile_id"] = profileId
        container["failures_in_row"] = failuresInRow
        container["last_failure_at"] = lastFailureAt
        container["lockout_level"] = lockoutLevel
        container["locked_until"] = lockedUntil
        container["hard_locked"] = hardLocked
        container["latest_seen_at"] = latestSeenAt
        container["updated_at"] = updatedAt
    }
}
