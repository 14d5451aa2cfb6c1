import Foundation

/// A named list of questions in one language.
public struct QuestionSet: Hashable, Sendable {
    /// The name policies refer to as `questionSet:<name>`.
    public var name: ProfileName
    public var locale: LocaleTag
    public var questions: [Question]

    public init(name: ProfileName, locale: LocaleTag, questions: [Question]) throws(GateInputError) {
        guard !questions.isEmpty else { throw .malformedQuestion("question set '\(name.value)' has no questions") }
        guard questions.count <= 10_000 else {
            throw .malformedQuestion("question set '\(name.value)' has more than 10000 questions")
        }
        self.name = name
        self.locale = locale
        self.questions = questions
    }
}
