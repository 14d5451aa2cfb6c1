import Foundation

/// What the gate answers to an event.
public enum GateOutcome: Hashable, Sendable {
    /// A challenge was issued.
    case issued(Challenge)
    /// The right answer in time: parent mode is on until the given time.
    case passed(until: Date)
    /// A wrong (or too fast) answer; the challenge is still open with `triesLeft` tries.
    case wrong(triesLeft: Int, tooFast: Bool)
    /// The challenge ended without a pass, and why: too many wrong answers (the last one too
    /// fast, or not), timed out, cancelled.
    case failed(FailureReason)
    /// Locked out until the given time (a lockout started now, or one is running).
    case lockedOut(until: Date)
    /// Hard-locked: only an adult's unlock opens the gate.
    case hardLocked
    /// The profile is disabled.
    case disabled
    /// The challenge had already ended with this status: the answer is refused (replay).
    case alreadyEnded(ChallengeStatus)
    /// An adult unlocked the gate; whether it had been locked.
    case unlocked(wasLocked: Bool)
    /// Parent mode was ended early; whether it had been on.
    case sessionEnded(wasLive: Bool)
    /// The state after a time check.
    case state(GateState)
}
