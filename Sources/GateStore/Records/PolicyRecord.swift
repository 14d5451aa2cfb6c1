import GateCore
import GRDB

/// A row of `policies`: the household's (no profile) or one profile's overrides.
struct PolicyRecord {
    var id: Int64
    var profileId: Int64?
    var overrides: PolicyOverrides
}

// MARK: - Database

extension PolicyRecord: FetchableRecord {
    static let databaseTableName = "policies"

    init(row: Row) throws {
        id = row["id"]
        profileId = row["profile_id"]
        var values: [PolicyField: PolicyValue] = [:]
        for field in PolicyField.allCases {
            values[field] = try field.value(in: row)
        }
        overrides = try PolicyOverrides(values, version: row["version"])
    }
}
