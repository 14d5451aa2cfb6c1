/// How a child answers: by typing a number, by picking one of several, or by dragging the
/// ball that carries the answer into a box (HTKUltimateParentalGate's gate).
public enum AnswerFormat: String, CaseIterable, Codable, Sendable {
    case entry
    case choice
    case drag
}
