import Foundation

/// Where the gate reads the current time from.
///
/// Production code uses ``system``; tests pass a ``ManualClock`` so that time only moves
/// when the test says so. Rule and service code never read the clock any other way.
public struct TimeSource: Sendable {
    private let read: @Sendable () -> Date

    /// A time source that calls `now` for every reading.
    public init(_ now: @escaping @Sendable () -> Date) {
        self.read = now
    }

    /// The current time according to this source.
    public func now() -> Date {
        read()
    }

    /// The system's wall clock.
    public static var system: TimeSource {
        TimeSource { Date() }
    }

    /// A time source that reads `clock`, which a test moves by hand.
    public static func manual(_ clock: ManualClock) -> TimeSource {
        TimeSource { clock.now }
    }
}
