/// What one profile's gate saw over a period: `gatectl audit stats`.
public struct GateStats: Hashable, Sendable, Codable {
    public var profile: String
    /// Challenges issued.
    public var challenges: Int
    /// Answers given (replays not counted).
    public var attempts: Int
    public var passes: Int
    /// Challenges failed by too many wrong answers, by timeout, cancelled, abandoned.
    public var failedWrong: Int
    public var timedOut: Int
    public var cancelled: Int
    public var abandoned: Int
    /// Lockouts and hard locks started.
    public var lockouts: Int
    /// Begins and answers refused (locked out, hard-locked, disabled), repeats counted.
    public var refusals: Int
    /// Answers to challenges that had already ended, repeats counted.
    public var replays: Int
    /// The median time from a challenge's issue to an answer, in milliseconds.
    public var medianResponseMs: Int64?

    public init(
        profile: String, challenges: Int, attempts: Int, passes: Int, failedWrong: Int, timedOut: Int, cancelled: Int,
        abandoned: Int, lockouts: Int, refusals: Int = 0, replays: Int = 0, medianResponseMs: Int64?
    ) {
        self.profile = profile
        self.challenges = challenges
        self.attempts = attempts
        self.passes = passes
        self.failedWrong = failedWrong
        self.timedOut = timedOut
        self.cancelled = cancelled
        self.abandoned = abandoned
        self.lockouts = lockouts
        self.refusals = refusals
        self.replays = replays
        self.medianResponseMs = medianResponseMs
    }
}
