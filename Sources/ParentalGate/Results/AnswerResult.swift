import Foundation

/// What ``Gate/answer(challenge:value:client:)`` and ``Gate/cancel(challenge:client:)`` give.
public enum AnswerResult: Hashable, Sendable {
    /// Right, in time: parent mode is on.
    case passed(ParentPass)
    /// Wrong (or too fast): the challenge is still open with `triesLeft` tries.
    case wrong(triesLeft: Int, tooFast: Bool)
    /// The challenge ended without a pass; no lockout started.
    case failed(FailureReason)
    /// The challenge ended without a pass and a lockout started, until the given time.
    case lockedOut(until: Date)
    /// The challenge ended without a pass and the gate hard-locked.
    case hardLocked
    /// The challenge had already ended (with this status): refused, and audited as a replay.
    case alreadyEnded(ChallengeStatus)
    /// The profile is disabled.
    case disabled
}
