import Foundation

/// A clock that only moves when told to: the time source for tests.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// A clock reading `start`.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = start
    }

    /// The time the clock reads.
    public var now: Date {
        lock.withLock { current }
    }

    /// Moves the clock by `duration` (negative values turn it back).
    public func advance(by duration: Duration) {
        lock.withLock { current = current.adding(duration) }
    }

    /// Sets the clock to `date`, forwards or backwards.
    public func set(to date: Date) {
        lock.withLock { current = date }
    }
}
