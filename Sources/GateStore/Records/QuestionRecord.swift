import GateCore
import GRDB

/// A row of `questions`.
struct QuestionRecord: Hashable {
    var id: Int64?
    var setId: Int64
    var position: Int
    var prompt: String
    var answer: Int
    var choices: String?

    /// The domain value of this row.
    func storedQuestion() throws -> StoredQuestion {
        guard let id else { throw StoreError.constraint("question row without id") }
        let question = try Question(
            prompt: prompt, answer: answer, choices: try choices.map { try JSONText.decode([Int].self, from: $0) })
        return StoredQuestion(id: id, question: question)
    }
}

// MARK: - Database

extension QuestionRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "questions"
    static let insertSQL = insertStatement()
    /// The set a question belongs to (`set_id`).
    static let set = belongsTo(QuestionSetRecord.self)
    /// The questions of a set's lookup key in a locale, in their order: read by a challenge's
    /// preparation, so its statement is cached per connection.
    static let inSetSQL = {
        typealias Set = QuestionSetRecord.Columns
        return """
            SELECT q.* FROM \(databaseTableName) q JOIN \(QuestionSetRecord.databaseTableName) s ON s.\(Set.id.name) = q.\(Columns.setId.name)
            WHERE s.\(Set.nameKey.name) = ? AND s.\(Set.locale.name) = ? ORDER BY q.\(Columns.position.name)
            """
    }()

    /// The questions of a set, when it is replaced.
    static let deleteOfSetSQL = "DELETE FROM \(databaseTableName) WHERE \(Columns.setId.name) = ?"
    /// A question by its id.
    static let byIDSQL = selectSQL(where: .id)

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, setId = "set_id", position, prompt, answer, choices
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        setId = try row[Columns.setId]
        position = try row[Columns.position]
        prompt = try row[Columns.prompt]
        answer = try row[Columns.answer]
        choices = try row[Columns.choices]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .setId: setId
        case .position: position
        case .prompt: prompt
        case .answer: answer
        case .choices: choices
        }
    }
}
