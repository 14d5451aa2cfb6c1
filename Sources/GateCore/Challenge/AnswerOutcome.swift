/// How one answer was judged.
public enum AnswerOutcome: String, CaseIterable, Codable, Sendable {
    case correct
    case wrong
    /// Faster than `minResponseTime`: random tapping, counted as wrong.
    case tooFast
    /// After the deadline: the challenge has timed out.
    case late
    /// An answer to a challenge that had already ended: refused.
    case replay
}
