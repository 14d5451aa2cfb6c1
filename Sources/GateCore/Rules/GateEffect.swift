import Foundation

/// One write the service performs, in order, to carry out a transition.
public enum GateEffect: Hashable, Sendable {
    /// Store a newly issued challenge.
    case issue(IssuedChallenge)
    /// Record an answer.
    case recordAttempt(ChallengeID, value: Int, outcome: AnswerOutcome, responseTime: Duration, client: String?)
    /// End a challenge.
    case endChallenge(ChallengeID, ChallengeStatus)
    /// Open parent mode after a pass.
    case openSession(challengeID: ChallengeID, expiresAt: Date)
    /// End a session early.
    case endSession(id: Int64, reason: SessionEndReason, by: String?)
    /// Append an audit record that no other effect writes (lockouts, unlocks, clock anomalies, refusals).
    case audit(AuditEvent)
}
