import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The fewest own choices of a stored question `source` may ask; `nil` when none has its own.
    package func fewestOwnChoices(for source: QuestionSource) throws -> Int? {
        typealias Question = QuestionRecord.Columns
        var questions = QuestionRecord.filter { $0.choices != nil }
        switch source {
        case .arithmetic: return nil
        case .mixed: break
        case .questionSet(let name):
            let key = ProfileName.key(for: name)
            questions = questions.joining(required: QuestionRecord.set.filter { $0.nameKey == key })
        }
        return try questions.select(min(SQL("json_array_length(\(Question.choices))")), as: Int.self).fetchOne(db)
    }
}
