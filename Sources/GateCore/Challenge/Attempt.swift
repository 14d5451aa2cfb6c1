import Foundation

/// One recorded answer.
public struct Attempt: Identifiable, Hashable, Sendable {
    public var id: Int64
    public var challengeID: ChallengeID
    public var profileID: Int64
    /// The value the child gave.
    public var givenValue: Int
    public var outcome: AnswerOutcome
    /// Time from the challenge's issue to this answer.
    public var responseTime: Duration
    public var answeredAt: Date
    public var client: String?
    /// How many answers it stands for: for a ``AnswerOutcome/replay``, the replays of its run
    /// (it and those that followed while nothing else was recorded for its profile, whatever
    /// challenge or value they gave: kept once, counted in its audit record); else 1.
    public var count: Int

    public init(
        id: Int64, challengeID: ChallengeID, profileID: Int64, givenValue: Int, outcome: AnswerOutcome,
        responseTime: Duration, answeredAt: Date, client: String?, count: Int = 1
    ) {
        self.id = id
        self.challengeID = challengeID
        self.profileID = profileID
        self.givenValue = givenValue
        self.outcome = outcome
        self.responseTime = responseTime
        self.answeredAt = answeredAt
        self.client = client
        self.count = count
    }
}
