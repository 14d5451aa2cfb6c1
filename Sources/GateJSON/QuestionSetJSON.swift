import Foundation
import GateCore
import ParentalGate

/// A question set in `gatectl questions list --json` and the HTTP API's answer to an import.
public struct QuestionSetJSON: Encodable, Sendable {
    public var name: String
    public var locale: String
    /// How many questions the set holds.
    public var questions: Int
    public var updatedAt: Date

    public init(_ summary: QuestionSetSummary) {
        name = summary.name
        locale = summary.locale.identifier
        questions = summary.questionCount
        updatedAt = summary.updatedAt
    }
}
