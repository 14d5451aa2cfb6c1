import Foundation

/// What the gate answers to a parent's code.
public enum ParentCodeOutcome: Hashable, Sendable {
    /// Parent mode is on until the given time.
    case opened(until: Date)
    /// Not a code that opens (wrong, or used before): one failed challenge, the gate still closed.
    case wrong
    /// Locked out until the given time: by this wrong code, or already (then the code was not tried).
    case lockedOut(until: Date)
    /// Hard-locked: by this wrong code, or already; only an adult's unlock opens it.
    case hardLocked
    /// The profile is disabled: nothing opens.
    case disabled
}
