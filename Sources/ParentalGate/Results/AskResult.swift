import Foundation
import GateCore

/// What asking a parent gave.
public enum AskResult: Hashable, Sendable, Codable {
    /// Asked: the parents subscribed to `request` notifications are being told. `handle`
    /// is the asking client's key to the outcome (``Gate/parentRequest(handle:)``): shown
    /// this once, only its hash is stored.
    case asked(ParentRequest, handle: String)
    /// A request of this profile is already waiting for a parent.
    case alreadyWaiting(ParentRequest)
    /// Too soon after the last request ended (`askCooldown`): ask again at `retryAt`.
    case tooSoon(retryAt: Date)
    /// The profile's policy does not let it ask (`askParent off`).
    case notAllowed
    /// The profile is disabled.
    case disabled
}
