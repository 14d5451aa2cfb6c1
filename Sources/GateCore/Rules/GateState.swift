import Foundation

/// Where a profile's gate stands (SPEC.md's state machine, made durable).
public enum GateState: Hashable, Sendable {
    /// The child side: the gate is closed and a challenge may begin.
    case child
    /// A challenge is open.
    case verifying(Challenge)
    /// Parent mode is on until the given time.
    case parent(until: Date)
    /// Challenges are refused until the given time.
    case lockedOut(until: Date)
    /// Only an adult's unlock opens the gate.
    case hardLocked
    /// The profile is disabled: the gate refuses everything.
    case disabled
    /// The child side in quiet hours: no challenge begins until the given time; a parent's
    /// code or approval still opens the gate.
    case quietHours(until: Date)

    /// A one-word name: `child`, `verifying`, `parent`, `lockedOut`, `hardLocked`, `disabled`.
    public var name: String {
        switch self {
        case .child: "child"
        case .verifying: "verifying"
        case .parent: "parent"
        case .lockedOut: "lockedOut"
        case .hardLocked: "hardLocked"
        case .disabled: "disabled"
        case .quietHours: "quietHours"
        }
    }
}
