import GRDB

/// A row of `question_sets`.
struct QuestionSetRecord: Hashable, Codable {
    var id: Int64?
    var name: String
    var nameKey: String
    var locale: String
    var createdAt: Int64
    var updatedAt: Int64
}

// MARK: - Database

extension QuestionSetRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "question_sets"
    /// The locales of a name's lookup key: read by every challenge from a set, so its
    /// statement is cached per connection.
    static let localesSQL =
        "SELECT \(Columns.locale.name) FROM \(databaseTableName) WHERE \(Columns.nameKey.name) = ? ORDER BY \(Columns.locale.name)"
    /// Every set with how many questions it holds, by name and locale: read by a challenge
    /// that may ask any stored question, so its statement is cached per connection.
    static let summariesSQL = {
        typealias Question = QuestionRecord.Columns
        return """
            SELECT s.*, count(q.\(Question.id.name)) AS \(questionCount)
            FROM \(databaseTableName) s LEFT JOIN \(QuestionRecord.databaseTableName) q ON q.\(Question.setId.name) = s.\(Columns.id.name)
            GROUP BY s.\(Columns.id.name) ORDER BY s.\(Columns.nameKey.name), s.\(Columns.locale.name)
            """
    }()
    /// The name ``summariesSQL`` gives a set's number of questions.
    static let questionCount = "question_count"

    /// The table's columns, which are also the record's coding keys.
    enum Columns: String, CaseIterable, CodingKey, ColumnExpression {
        case id, name, nameKey = "name_key", locale, createdAt = "created_at", updatedAt = "updated_at"
    }

    typealias CodingKeys = Columns

    /// The set of a name's lookup key in a locale.
    static func named(_ key: String, locale: String) -> QueryInterfaceRequest<Self> {
        filter { $0.nameKey == key && $0.locale == locale }
    }
}
