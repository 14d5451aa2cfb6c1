/// How a child answers: by typing a number, or by picking one of several.
public enum AnswerFormat: String, CaseIterable, Codable, Sendable {
    case entry
    case choice
}
