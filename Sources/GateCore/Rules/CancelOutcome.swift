import Foundation

/// What the gate answers to a cancel: never a pass nor a wrong answer.
public enum CancelOutcome: Hashable, Sendable {
    /// The challenge ended without a pass: cancelled, or timed out before the cancel came.
    case failed(FailureReason)
    /// The failure started a lockout (or the gate was locked): locked out until the given time.
    case lockedOut(until: Date)
    /// The failure started a hard lock: only an adult's unlock opens the gate.
    case hardLocked
    /// The challenge had already ended with this status.
    case alreadyEnded(ChallengeStatus)
    /// The profile is disabled.
    case disabled
}

extension CancelOutcome {
    init(_ lock: GateMachine.Lock) {
        switch lock {
        case .lockedOut(let until): self = .lockedOut(until: until)
        case .hardLocked: self = .hardLocked
        }
    }
}
