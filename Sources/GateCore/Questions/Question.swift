/// A free-form question with a whole-number answer and, optionally, fixed choices.
public struct Question: Hashable, Sendable, Codable {
    /// The question as shown, in the set's language.
    public var prompt: String
    public var answer: Int
    /// Options to pick from; when present they hold the answer, without repeats.
    public var choices: [Int]?

    /// Validates a question: a prompt of 1…1000 characters; choices, if any, 2…8 distinct
    /// values that include the answer.
    public init(prompt: String, answer: Int, choices: [Int]? = nil) throws(GateInputError) {
        let trimmed = prompt.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .malformedQuestion("the question text is empty") }
        guard trimmed.count <= 1000 else { throw .malformedQuestion("the question text is longer than 1000 characters") }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) {
            throw .malformedQuestion("the question text contains control characters")
        }
        guard Self.answerRange.contains(answer) else {
            throw .malformedQuestion("'\(trimmed.escapedForMessage)': the answer \(answer) is out of range (allowed: -1000000000...1000000000)")
        }
        if let choices {
            if let bad = choices.first(where: { !Self.answerRange.contains($0) }) {
                throw .malformedQuestion("'\(trimmed.escapedForMessage)': the choice \(bad) is out of range (allowed: -1000000000...1000000000)")
            }
            guard (2...8).contains(choices.count) else {
                throw .malformedQuestion("'\(trimmed.escapedForMessage)' has \(choices.count) choices (allowed: 2...8)")
            }
            guard Set(choices).count == choices.count else {
                throw .malformedQuestion("'\(trimmed.escapedForMessage)' repeats a choice")
            }
            guard choices.contains(answer) else {
                throw .malformedQuestion("'\(trimmed.escapedForMessage)': the answer \(answer) is not among its choices")
            }
        }
        self.prompt = trimmed
        self.answer = answer
        self.choices = choices
    }

    /// The whole numbers a question's answer and choices may be.
    public static let answerRange = -1_000_000_000...1_000_000_000

    private enum CodingKeys: String, CodingKey {
        case prompt, answer, choices
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                prompt: try container.decode(String.self, forKey: .prompt),
                answer: try container.decode(Int.self, forKey: .answer),
                choices: try container.decodeIfPresent([Int].self, forKey: .choices))
        } catch let error as GateInputError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}
