import Foundation

/// The durable counters of a profile's gate, from which its state follows.
public struct GateCounters: Hashable, Sendable {
    /// Failed challenges since the last pass, lockout or quiet failure window.
    public var failuresInRow: Int
    /// When the latest failed challenge ended.
    public var lastFailureAt: Date?
    /// Lockouts in a row: the next lockout is number `lockoutLevel + 1`.
    public var lockoutLevel: Int
    /// The end of the current lockout, if one was started.
    public var lockedUntil: Date?
    /// Only an adult's unlock opens a hard-locked gate.
    public var isHardLocked: Bool
    /// The latest time the store has seen for this profile; earlier readings count as this.
    public var latestSeenAt: Date?

    public init(
        failuresInRow: Int = 0, lastFailureAt: Date? = nil, lockoutLevel: Int = 0, lockedUntil: Date? = nil,
        isHardLocked: Bool = false, latestSeenAt: Date? = nil
    ) {
        self.failuresInRow = failuresInRow
        self.lastFailureAt = lastFailureAt
        self.lockoutLevel = lockoutLevel
        self.lockedUntil = lockedUntil
        self.isHardLocked = isHardLocked
        self.latestSeenAt = latestSeenAt
    }

    /// A profile that has never been challenged.
    public static let initial = GateCounters()
}
