import Foundation
import GateCore
import GRDB

/// A row of `policy_changes`.
struct PolicyChangeRecord: Hashable, Codable {
    var id: Int64?
    var profileId: Int64?
    var version: Int
    var field: String
    var oldValue: String?
    var newValue: String?
    var changedBy: String
    var changedAt: Int64

    /// The domain value of this row.
    func change() throws -> PolicyChange {
        guard let id else { throw StoreError.constraint("a policy change row without an id") }
        // The schema no longer lists the field names (migration 9): the enum is what guards them.
        guard let field = PolicyField(rawValue: field) else {
            throw StoreError.constraint("policy change \(id) names an unknown field '\(self.field.escapedForMessage)'")
        }
        return PolicyChange(
            id: id, profileID: profileId, version: version, field: field, oldValue: oldValue, newValue: newValue,
            changedBy: changedBy, changedAt: Date(millisecondsSince1970: changedAt))
    }
}

// MARK: - Database

extension PolicyChangeRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "policy_changes"

    /// The table's columns, which are also the record's coding keys.
    enum Columns: String, CaseIterable, CodingKey, ColumnExpression {
        case id, profileId = "profile_id", version, field, oldValue = "old_value", newValue = "new_value"
        case changedBy = "changed_by", changedAt = "changed_at"
    }

    typealias CodingKeys = Columns
}

extension PolicyChangeRecord: ColumnsRecord {
    static let insertSQL = insertStatement()
    /// The newest changes first, of every scope.
    static let newestSQL = "SELECT * FROM \(databaseTableName) ORDER BY \(Columns.id.name) DESC LIMIT ?"
    /// The newest changes first, of the household.
    static let newestOfHouseholdSQL =
        "SELECT * FROM \(databaseTableName) WHERE \(Columns.profileId.name) IS NULL ORDER BY \(Columns.id.name) DESC LIMIT ?"
    /// The newest changes first, of one profile.
    static let newestOfProfileSQL =
        "SELECT * FROM \(databaseTableName) WHERE \(Columns.profileId.name) = ? ORDER BY \(Columns.id.name) DESC LIMIT ?"

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .profileId: profileId
        case .version: version
        case .field: field
        case .oldValue: oldValue
        case .newValue: newValue
        case .changedBy: changedBy
        case .changedAt: changedAt
        }
    }
}
