import Foundation

/// Everything the rules need to know about one profile's gate.
public struct GateSnapshot: Hashable, Sendable {
    public var isEnabled: Bool
    public var counters: GateCounters
    /// The profile's open challenge, if any (it may be past its deadline).
    public var openChallenge: StoredChallenge?
    /// The profile's newest session that was not ended early (it may have expired).
    public var session: ParentSession?

    public init(isEnabled: Bool, counters: GateCounters, openChallenge: StoredChallenge?, session: ParentSession?) {
        self.isEnabled = isEnabled
        self.counters = counters
        self.openChallenge = openChallenge
        self.session = session
    }

    /// The state at `time`, which must not be earlier than the latest time seen.
    public func state(at time: Date) -> GateState {
        if !isEnabled { return .disabled }
        if counters.isHardLocked { return .hardLocked }
        if let until = counters.lockedUntil, until > time { return .lockedOut(until: until) }
        if let open = openChallenge, open.status == .open, time <= open.issued.challenge.deadline {
            return .verifying(open.issued.challenge)
        }
        if let session, session.isLive(at: time) { return .parent(until: session.expiresAt) }
        return .child
    }
}
