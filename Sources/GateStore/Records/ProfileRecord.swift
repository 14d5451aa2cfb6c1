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

// Columns by hand rather than `Codable`: decoding and encoding run on every gate operation.
extension ProfileRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "profiles"

    init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        nameKey = row["name_key"]
        displayName = row["display_name"]
        locale = row["locale"]
        isEnabled = row["is_enabled"]
        createdAt = row["created_at"]
        updatedAt = row["updated_at"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["name_key"] = nameKey
        container["display_name"] = displayName
        container["locale"] = locale
        container["is_enabled"] = isEnabled
        container["created_at"] = createdAt
        container["updated_at"] = updatedAt
    }
}
