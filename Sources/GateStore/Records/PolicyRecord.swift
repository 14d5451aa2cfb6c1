import GateCore
import GRDB

/// A row of `policies`: the household's (no profile) or one profile's overrides.
struct PolicyRecord {
    var id: Int64
    var profileId: Int64?
    var overrides: PolicyOverrides
}

// MARK: - Database

extension PolicyRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "policies"
    /// The household's row, read by every gate operation: a statement cached per connection.
    static let householdSQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.profileId.name) IS NULL"
    /// A profile's row, likewise.
    static let byProfileSQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.profileId.name) = ?"

    /// The columns beside the policy fields, whose columns `PolicyField` declares.
    enum Columns: String, ColumnExpression {
        case id, profileId = "profile_id", version, updatedAt = "updated_at", updatedBy = "updated_by"
    }

    init(row: Row) throws {
        id = row[Columns.id]
        profileId = row[Columns.profileId]
        var values: [PolicyField: PolicyValue] = [:]
        for field in PolicyField.allCases {
            values[field] = try field.value(in: row)
        }
        overrides = try PolicyOverrides(values, version: row[Columns.version])
    }
}
