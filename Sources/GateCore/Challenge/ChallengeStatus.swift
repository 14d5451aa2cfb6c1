/// Where a challenge stands. It ends exactly once, and an ended challenge never changes.
public enum ChallengeStatus: String, CaseIterable, Codable, Sendable {
    case open
    /// Answered right in time: parent mode opens.
    case passed
    /// Too many wrong (or too fast) answers.
    case failed
    /// Answered after the deadline.
    case timedOut
    /// Cancelled by the client.
    case cancelled
    /// A new challenge was begun while this one was open.
    case abandoned

    /// Every end but a pass counts as one failed challenge.
    public var countsAsFailure: Bool {
        switch self {
        case .open, .passed: false
        case .failed, .timedOut, .cancelled, .abandoned: true
        }
    }
}
