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

extension QuestionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "questions"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}
