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
            id: id, name: name, displayName: displayName, locale: try LocaleTag(stored: locale), isEnabled: isEnabled,
            createdAt: Date(millisecondsSince1970: createdAt), updatedAt: Date(millisecondsSince1970: updatedAt))
    }
}

// MARK: - Database

extension ProfileRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "profiles"
    static let insertSQL = insertStatement()
    /// The row of a name's lookup key: read by every gate operation, so its statement is cached.
    static let byNameKeySQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.nameKey.name) = ?"
    /// Every row, by name.
    static let allSQL = "SELECT * FROM \(databaseTableName) ORDER BY \(Columns.nameKey.name)"
    /// A new name (and its lookup key) for an id's row.
    static let renameSQL = updateSQL(set: [.name, .nameKey, .updatedAt], where: .id)
    /// A new display name and locale for an id's row.
    static let describeSQL = updateSQL(set: [.displayName, .locale, .updatedAt], where: .id)
    /// An id's row enabled or disabled.
    static let enableSQL = updateSQL(set: [.isEnabled, .updatedAt], where: .id)
    /// An id's row gone, with what refers to it (`ON DELETE CASCADE`).
    static let deleteSQL = "DELETE FROM \(databaseTableName) WHERE \(Columns.id.name) = ?"
    /// The row of an id, likewise.
    static let byIDSQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.id.name) = ?"

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, name, nameKey = "name_key", displayName = "display_name", locale, isEnabled = "is_enabled"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        name = try row[Columns.name]
        nameKey = try row[Columns.nameKey]
        displayName = try row[Columns.displayName]
        locale = try row[Columns.locale]
        isEnabled = try row[Columns.isEnabled]
        createdAt = try row[Columns.createdAt]
        updatedAt = try row[Columns.updatedAt]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .name: name
        case .nameKey: nameKey
        case .displayName: displayName
        case .locale: locale
        case .isEnabled: isEnabled
        case .createdAt: createdAt
        case .updatedAt: updatedAt
        }
    }
}
