import GRDB

/// The one row of `household` (id 1): what the family's profiles share beyond the policy.
struct HouseholdRecord {
    var id: Int64
    var defaultLocale: String
    var updatedAt: Int64?
    var updatedBy: String?
}

// MARK: - Database

extension HouseholdRecord: ColumnsRecord {
    static let databaseTableName = "household"
    static let insertSQL = insertStatement()
    /// The household's row: a database holds one household.
    static let only = HouseholdRecord.filter { $0.id == 1 }
    /// Its default language, read by every challenge's preparation: a statement cached per connection.
    static let defaultLocaleSQL = "SELECT \(Columns.defaultLocale.name) FROM \(databaseTableName) WHERE \(Columns.id.name) = 1"

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, defaultLocale = "default_locale", updatedAt = "updated_at", updatedBy = "updated_by"
    }

    init(row: Row) throws {
        id = row[Columns.id]
        defaultLocale = row[Columns.defaultLocale]
        updatedAt = row[Columns.updatedAt]
        updatedBy = row[Columns.updatedBy]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .defaultLocale: defaultLocale
        case .updatedAt: updatedAt
        case .updatedBy: updatedBy
        }
    }
}
