import GRDB

/// A row of `question_sets`.
struct QuestionSetRecord: Hashable {
    var id: Int64?
    var name: String
    var nameKey: String
    var locale: String
    var createdAt: Int64
    var updatedAt: Int64
}

// MARK: - Database

extension QuestionSetRecord: ColumnsRecord {
    static let databaseTableName = "question_sets"
    static let insertSQL = insertStatement()
    /// The locales of a name's lookup key: read by every challenge from a set, so its
    /// statement is cached per connection.
    static let localesSQL =
        "SELECT \(Columns.locale.name) FROM \(databaseTableName) WHERE \(Columns.nameKey.name) = ? ORDER BY \(Columns.locale.name)"
    /// The questions of a set (`questions.set_id`).
    static let questions = hasMany(QuestionRecord.self)

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, name, nameKey = "name_key", locale, createdAt = "created_at", updatedAt = "updated_at"
    }

    init(row: Row) throws {
        id = row[Columns.id]
        name = row[Columns.name]
        nameKey = row[Columns.nameKey]
        locale = row[Columns.locale]
        createdAt = row[Columns.createdAt]
        updatedAt = row[Columns.updatedAt]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .name: name
        case .nameKey: nameKey
        case .locale: locale
        case .createdAt: createdAt
        case .updatedAt: updatedAt
        }
    }

    /// The set of a name's lookup key in a locale.
    static func named(_ key: String, locale: String) -> QueryInterfaceRequest<Self> {
        filter { $0.nameKey == key && $0.locale == locale }
    }
}
