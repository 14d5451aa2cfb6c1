import Foundation
import GateCore
import GRDB

/// A row of `profiles`.
struct ProfileRecord: Hashable {
    var id: Int64?
    var name: String
    var nameKey: String
    var displayName: String
    var locale: String
    var isEnabled: Bool
    var createdAt: Int64
    var updatedAt: Int64

    /// The domain value of this row.
    func profile() throws -> Profile {
        guard let id else { throw StoreError.constraint("profile row without id") }
        return Profile(
            id: id, name: name, displayName: displayName, locale: try LocaleTag(locale), isEnabled: isEnabled,
            createdAt: Date(millisecondsSince1970: createdAt), updatedAt: Date(millisecondsSince1970: updatedAt))
    }
}

// MARK: - Database

extension ProfileRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "profiles"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}
