import Foundation

/// What the gate answers to a parent's approval.
public enum ApprovalOutcome: Hashable, Sendable {
    /// Parent mode is on until the given time.
    case opened(until: Date)
    /// The profile is disabled: nothing opens.
    case disabled
}
