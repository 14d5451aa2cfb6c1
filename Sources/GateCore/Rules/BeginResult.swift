import Foundation

/// What the gate answers to a request for a challenge (``GateEvent/begin(_:id:client:)``), and what `Gate.begin(profile:client:)` gives.
public enum BeginResult: Hashable, Sendable {
    /// The challenge to show: prompt, choices, deadline. Never its answer.
    case challenge(Challenge)
    /// Refused: locked out until the given time.
    case lockedOut(until: Date)
    /// Refused: only an adult's unlock opens the gate.
    case hardLocked
    /// Refused: the profile is disabled.
    case disabled
    /// Refused: quiet hours (policy `quietHours`) until the given time; only a parent opens the gate.
    case quietHours(until: Date)
}
