/// A challenge with what only the store and the rules may know: its answer and the limits
/// in force when it was issued.
public struct IssuedChallenge: Hashable, Sendable {
    /// What the client is given.
    public var challenge: Challenge
    /// Where the question came from.
    public var origin: ChallengeOrigin
    /// The right answer.
    public var answer: Int
    /// Wrong answers that end this challenge as failed.
    public var maxWrongAnswers: Int
    /// An answer faster than this counts as wrong.
    public var minResponseTime: Duration
    /// A label for the client that asked for it (an app, a device, `gatectl`).
    public var client: String?

    public init(
        challenge: Challenge, origin: ChallengeOrigin, answer: Int, maxWrongAnswers: Int,
        minResponseTime: Duration, client: String?
    ) {
        self.challenge = challenge
        self.origin = origin
        self.answer = answer
        self.maxWrongAnswers = maxWrongAnswers
        self.minResponseTime = minResponseTime
        self.client = client
    }
}
