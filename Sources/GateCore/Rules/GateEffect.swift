import Foundation

/// One write the service performs, in order, to carry out a transition.
public enum GateEffect: Hashable, Sendable {
    /// Store a newly issued challenge.
    case issue(IssuedChallenge)
    /// Record an answer.
    case recordAttempt(ChallengeID, value: Int, outcome: AnswerOutcome, responseTime: Duration, client: String?)
    /// Tell listeners a wrong answer left the challenge open with `triesLeft` tries (nothing
    /// more to write: the answer's record holds it).
    case wrongAnswer(ChallengeID, triesLeft: Int)
    /// Count one wrong try of an open challenge that no attempt records (a refused drag or step).
    case countWrong(ChallengeID)
    /// Set the progress of an open challenge's step: when it was pressed, when it was passed.
    case stepProgress(ChallengeID, pressedAt: Date?, doneAt: Date?)
    /// End a challenge, at the given time (a timeout ends at its deadline), for a client; a
    /// failed one with why (too many wrong answers, or the last of them too fast).
    case endChallenge(ChallengeID, ChallengeStatus, client: String?, failure: FailureReason? = nil)
    /// Open parent mode after a pass (or a parent's approval, without a challenge).
    case openSession(challengeID: ChallengeID?, expiresAt: Date)
    /// End a session early.
    case endSession(id: Int64, reason: SessionEndReason, by: String?)
    /// Append an audit record that no other effect writes (lockouts, unlocks, clock anomalies, refusals).
    case audit(AuditEvent)
}
