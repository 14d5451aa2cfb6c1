import Foundation
import GateCore
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
            SELECT s.*, (SELECT count(*) FROM \(QuestionRecord.databaseTableName) q WHERE q.\(Question.setId.name) = s.\(Columns.id.name))
                AS \(questionCount)
            FROM \(databaseTableName) s ORDER BY s.\(Columns.nameKey.name), s.\(Columns.locale.name)
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
    static let namedSQL = selectSQL(where: .nameKey, .locale)
    /// A set's new name (its case) and time, when it is replaced.
    static let renameSQL = updateSQL(set: [.name, .updatedAt], where: .id)
    /// The sets of a name's lookup key, in every locale.
    static let deleteNamedSQL = "DELETE FROM \(databaseTableName) WHERE \(Columns.nameKey.name) = ?"
    /// The set of a name's lookup key in one locale.
    static let deleteNamedInLocaleSQL = deleteNamedSQL + " AND \(Columns.locale.name) = ?"
}

extension QuestionSetRecord: ColumnsRecord {
    static let insertSQL = insertStatement()

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
}

/// A row of ``QuestionSetRecord/summariesSQL``: a set and how many questions it holds.
struct QuestionSetSummaryRow: ReadableRecord {
    var summary: QuestionSetSummary

    init(row: some ColumnReader) throws {
        typealias Columns = QuestionSetRecord.Columns
        summary = QuestionSetSummary(
            id: try row[Columns.id], name: try row[Columns.name], locale: try LocaleTag(stored: try row[Columns.locale] as String),
            questionCount: try row[QuestionSetRecord.questionCount], updatedAt: Date(millisecondsSince1970: try row[Columns.updatedAt]))
    }
}
