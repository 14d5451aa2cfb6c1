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

extension PolicyChangeRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "policy_changes"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}
