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

extension GateStateRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "gate_states"
    static let insertSQL = insertStatement()
    /// `UPDATE gate_states SET (every column but the profile) WHERE profile_id = ?`.
    static let updateSQL = updateSQL(set: Columns.allCases.filter { $0 != .profileId }, where: .profileId)
    /// The profile's row.
    static let byProfileSQL = selectSQL(where: .profileId)

    enum Columns: String, CaseIterable, ColumnExpression {
        case profileId = "profile_id", failuresInRow = "failures_in_row", lastFailureAt = "last_failure_at"
        case lockoutLevel = "lockout_level", lockedUntil = "locked_until", hardLocked = "hard_locked"
        case latestSeenAt = "latest_seen_at", updatedAt = "updated_at"
    }

    init(row: some ColumnReader) throws {
        profileId = try row[Columns.profileId]
        failuresInRow = try row[Columns.failuresInRow]
        lastFailureAt = try row[Columns.lastFailureAt]
        lockoutLevel = try row[Columns.lockoutLevel]
        lockedUntil = try row[Columns.lockedUntil]
        hardLocked = try row[Columns.hardLocked]
        latestSeenAt = try row[Columns.latestSeenAt]
        updatedAt = try row[Columns.updatedAt]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .profileId: profileId
        case .failuresInRow: failuresInRow
        case .lastFailureAt: lastFailureAt
        case .lockoutLevel: lockoutLevel
        case .lockedUntil: lockedUntil
        case .hardLocked: hardLocked
        case .latestSeenAt: latestSeenAt
        case .updatedAt: updatedAt
        }
    }

    /// The arguments of ``updateSQL``.
    var updateArguments: [(any DatabaseValueConvertible)?] {
        Columns.allCases.filter { $0 != .profileId }.map(databaseValue(of:)) + [profileId]
    }
}
