import Foundation
import GateCore
import GRDB

/// A row of `policy_changes`.
struct PolicyChangeRecord: Hashable {
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

extension PolicyChangeRecord: ColumnsRecord {
    static let databaseTableName = "policy_changes"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, profileId = "profile_id", version, field, oldValue = "old_value", newValue = "new_value"
        case changedBy = "changed_by", changedAt = "changed_at"
    }

    init(row: Row) throws {
        id = row[Columns.id]
        profileId = row[Columns.profileId]
        version = row[Columns.version]
        field = row[Columns.field]
        oldValue = row[Columns.oldValue]
        newValue = row[Columns.newValue]
        changedBy = row[Columns.changedBy]
        changedAt = row[Columns.changedAt]
    }

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
