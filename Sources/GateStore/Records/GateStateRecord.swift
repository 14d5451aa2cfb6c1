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

extension GateStateRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "gate_states"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}
