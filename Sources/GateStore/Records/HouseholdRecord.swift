import GRDB

/// The one row of `household` (id 1): what the family's profiles share beyond the policy.
struct HouseholdRecord: Codable {
    var id: Int64
    var defaultLocale: String
    var updatedAt: Int64?
    var updatedBy: String?
}

// MARK: - Database

extension HouseholdRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "household"
    /// Its default language, read by every challenge's preparation: a statement cached per connection.
    static let defaultLocaleSQL = "SELECT \(Columns.defaultLocale.name) FROM \(databaseTableName) WHERE \(Columns.id.name) = 1"
    /// The household's default language, when and by whom it was set.
    static let setLocaleSQL = "UPDATE \(databaseTableName) SET \(Columns.defaultLocale.name) = ?, \(Columns.updatedAt.name) = ?, \(Columns.updatedBy.name) = ? WHERE \(Columns.id.name) = 1"

    /// The table's columns, which are also the record's coding keys.
    enum Columns: String, CaseIterable, CodingKey, ColumnExpression {
        case id, defaultLocale = "default_locale", updatedAt = "updated_at", updatedBy = "updated_by"
    }

    typealias CodingKeys = Columns
}
