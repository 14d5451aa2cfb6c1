import GateCore
import GRDB

/// A row of `policies`: the household's (no profile) or one profile's overrides.
struct PolicyRecord {
    var id: Int64
    var profileId: Int64?
    var overrides: PolicyOverrides
}

// MARK: - Database

extension PolicyRecord: ReadableRecord, TableRecord {
    static let databaseTableName = "policies"
    /// The household's row, read by every gate operation: a statement cached per connection.
    static let householdSQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.profileId.name) IS NULL"
    /// A profile's row, likewise.
    static let byProfileSQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.profileId.name) = ?"
    /// Every profile's own row.
    static let ofProfilesSQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.profileId.name) IS NOT NULL"
    /// A profile's own row, made when it has none (both backends take `ON CONFLICT DO NOTHING`).
    static let addProfileRowSQL = "INSERT INTO \(databaseTableName) (\(Columns.profileId.name)) VALUES (?) ON CONFLICT DO NOTHING"

    /// `UPDATE policies SET field = ?, version = ?, updated_at = ?, updated_by = ?` for a
    /// scope's row: the household's (`profile_id IS NULL`) or a profile's (`profile_id = ?`).
    static func updateSQL(of field: PolicyField, household: Bool) -> String {
        "UPDATE \(databaseTableName) SET \(field.column) = ?, \(Columns.version.name) = ?, \(Columns.updatedAt.name) = ?, "
            + "\(Columns.updatedBy.name) = ? WHERE \(Columns.profileId.name) "
            + (household ? "IS NULL" : "= ?")
    }

    /// The columns beside the policy fields, whose columns `PolicyField` declares.
    enum Columns: String, ColumnExpression {
        case id, profileId = "profile_id", version, updatedAt = "updated_at", updatedBy = "updated_by"
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        profileId = try row[Columns.profileId]
        var values: [PolicyField: PolicyValue] = [:]
        for field in PolicyField.allCases {
            values[field] = try field.value(in: row)
        }
        overrides = try PolicyOverrides(values, version: try row[Columns.version])
    }
}
