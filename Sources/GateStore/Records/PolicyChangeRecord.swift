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
        guard let id, let field = PolicyField(rawValue: field) else { throw StoreError.constraint("malformed policy change row") }
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
