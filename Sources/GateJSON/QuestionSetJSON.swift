import Foundation
import ParentalGate

/// A question set in `gatectl questions list --json` and the HTTP API's answer to an import.
public struct QuestionSetJSON: Encodable, Sendable {
    /// The set's name.
    public var name: String
    /// The language its questions are in (BCP 47).
    public var locale: String
    /// How many questions the set holds.
    public var questions: Int
    /// When the set was last imported.
    public var updatedAt: Date

    /// The JSON of `summary`.
    public init(_ summary: QuestionSetSummary) {
        name = summary.name
        locale = summary.locale.identifier
        questions = summary.questionCount
        updatedAt = summary.updatedAt
    }
}
