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
