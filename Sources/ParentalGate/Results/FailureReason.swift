/// Why a challenge ended without a pass.
public enum FailureReason: String, Hashable, Sendable, Codable {
    /// `maxWrongAnswers` wrong (or too fast) answers.
    case tooManyWrongAnswers
    /// Answered after the deadline, or not at all.
    case timedOut
    /// Given up by the client.
    case cancelled
    /// A new challenge was begun while it was open.
    case abandoned
}
