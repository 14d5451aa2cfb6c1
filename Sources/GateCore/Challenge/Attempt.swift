import Foundation

/// One recorded answer.
public struct Attempt: Identifiable, Hashable, Sendable, Codable {
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

    public init(
        id: Int64, challengeID: ChallengeID, profileID: Int64, givenValue: Int, outcome: AnswerOutcome,
        responseTime: Duration, answeredAt: Date, client: String?
    ) {
        self.id = id
        self.challengeID = challengeID
        self.profileID = profileID
        self.givenValue = givenValue
        self.outcome = outcome
        self.responseTime = responseTime
        self.answeredAt = answeredAt
        self.client = client
    }
}
