import Foundation

/// An issued challenge and how far it has come.
public struct StoredChallenge: Hashable, Sendable {
    public var issued: IssuedChallenge
    public var status: ChallengeStatus
    /// Wrong (and too fast) answers so far.
    public var wrongAnswers: Int
    /// When it ended, once it has.
    public var endedAt: Date?

    public init(issued: IssuedChallenge, status: ChallengeStatus, wrongAnswers: Int, endedAt: Date?) {
        self.issued = issued
        self.status = status
        self.wrongAnswers = wrongAnswers
        self.endedAt = endedAt
    }

    public var id: ChallengeID { issued.challenge.id }
    public var profileID: Int64 { issued.challenge.profileID }
}
