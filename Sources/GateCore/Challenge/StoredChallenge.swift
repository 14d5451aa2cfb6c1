import Foundation

/// An issued challenge and how far it has come.
public struct StoredChallenge: Hashable, Sendable {
    public var issued: IssuedChallenge
    public var status: ChallengeStatus
    /// Wrong (and too fast) answers so far.
    public var wrongAnswers: Int
    /// When it ended, once it has.
    public var endedAt: Date?
    /// When its `hold` step was pressed (and not yet released).
    public var stepPressedAt: Date?
    /// When its step was passed: only then may its question be answered.
    public var stepDoneAt: Date?

    public init(
        issued: IssuedChallenge, status: ChallengeStatus, wrongAnswers: Int, endedAt: Date?, stepPressedAt: Date? = nil,
        stepDoneAt: Date? = nil
    ) {
        self.issued = issued
        self.status = status
        self.wrongAnswers = wrongAnswers
        self.endedAt = endedAt
        self.stepPressedAt = stepPressedAt
        self.stepDoneAt = stepDoneAt
    }

    /// Whether a step stands before its question.
    public var stepPending: Bool { issued.challenge.step != nil && stepDoneAt == nil }

    public var id: ChallengeID { issued.challenge.id }
    public var profileID: Int64 { issued.challenge.profileID }
}
