import Foundation

/// What the gate answers to an answer.
public enum ChallengeOutcome: Hashable, Sendable {
    /// The right answer in time: parent mode is on until the given time.
    case passed(until: Date)
    /// A wrong (or too fast) answer; the challenge is still open with `triesLeft` tries.
    case wrong(triesLeft: Int, tooFast: Bool)
    /// The challenge ended without a pass, and why.
    case failed(FailureReason)
    /// The failure started a lockout (or the gate was locked): locked out until the given time.
    case lockedOut(until: Date)
    /// The failure started a hard lock: only an adult's unlock opens the gate.
    case hardLocked
    /// The challenge had already ended with this status: the answer is refused (replay).
    case alreadyEnded(ChallengeStatus)
    /// The profile is disabled.
    case disabled
}

extension ChallengeOutcome {
    init(_ lock: GateMachine.Lock) {
        switch lock {
        case .lockedOut(let until): self = .lockedOut(until: until)
        case .hardLocked: self = .hardLocked
        }
    }
}
