import Foundation
import Synchronization

/// A clock that only moves when told to: the time source for tests.
public final class ManualClock: Sendable {
    private let current: Mutex<Date>

    /// A clock reading `start`.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    /// The time the clock reads.
    public var now: Date {
        current.withLock { $0 }
    }

    /// Moves the clock by `duration` (negative values turn it back).
    public func advance(by duration: Duration) {
        current.withLock { $0 = $0.adding(duration) }
    }

    /// Sets the clock to `date`, forwards or backwards.
    public func set(to date: Date) {
        current.withLock { $0 = date }
    }
}
