/// Why a challenge ended without a pass.
public enum FailureReason: String, CaseIterable, Hashable, Sendable, Codable {
    /// `maxWrongAnswers` wrong answers (the last one wrong, not too fast).
    case tooManyWrongAnswers
    /// `maxWrongAnswers` wrong answers, the last of them faster than `minResponseTime`.
    case tooFast
    /// Answered after the deadline, or not at all.
    case timedOut
    /// Given up by the client.
    case cancelled
    /// A new challenge was begun while it was open.
    case abandoned
}
