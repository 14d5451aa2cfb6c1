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

// Columns by hand rather than `Codable`: a challenge from a question set reads the whole set.
extension QuestionRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "questions"

    init(row: Row) throws {
        id = row["id"]
        setId = row["set_id"]
        position = row["position"]
        prompt = row["prompt"]
        answer = row["answer"]
        choices = row["choices"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["set_id"] = setId
        container["position"] = position
        container["prompt"] = prompt
        container["answer"] = answer
        container["choices"] = choices
    }
}
