import Foundation

extension Duration {
    /// The duration in whole milliseconds, rounded toward zero; clamped to `Int64`'s range
    /// for durations too long (or short) to count in milliseconds.
    public var wholeMilliseconds: Int64 {
        // `components` traps where the whole seconds do not fit `Int64` (a decoded duration can be that long).
        if self >= .seconds(Int64.max / 1000) { return .max }
        if self <= .seconds(Int64.min / 1000) { return .min }
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        guard !overflowAgain else { return seconds < 0 ? .min : .max }
        return total
    }

    /// The duration in seconds as a floating-point number.
    public var timeInterval: TimeInterval {
        if self >= .seconds(Int64.max) { return .infinity }
        if self <= .seconds(Int64.min) { return -.infinity }
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

extension Date {
    /// This date moved by `duration`.
    public func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.timeInterval)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z, the unit the store keeps times in.
    ///
    /// Rounds to the microsecond first, so that a date made from whole milliseconds (whose
    /// `Double` may sit a hair below them) gives back exactly those milliseconds.
    public var millisecondsSince1970: Int64 {
        let microseconds = (timeIntervalSince1970 * 1_000_000).rounded()
        let milliseconds = (microseconds / 1000).rounded(.down)
        // Clamped, so that a date from a damaged file can never trap.
        return milliseconds.isNaN ? 0 : Int64(exactly: milliseconds) ?? (milliseconds < 0 ? -Self.millisecondLimit : Self.millisecondLimit)
    }

    /// ± about 292 million years: beyond any date the gate will meet.
    private static let millisecondLimit: Int64 = 1 << 53

    /// The date `milliseconds` after 1970-01-01T00:00:00Z.
    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }
}

extension Duration {
    /// `minutes` minutes, for policy values: `.minutes(10)`.
    public static func minutes(_ minutes: Int64) -> Duration {
        .seconds(clampedProduct(minutes, 60))
    }

    /// `hours` hours: `.hours(12)`.
    public static func hours(_ hours: Int64) -> Duration {
        .seconds(clampedProduct(hours, 3600))
    }

    /// `days` days: `.days(365)`.
    public static func days(_ days: Int64) -> Duration {
        .seconds(clampedProduct(days, 86_400))
    }

    /// `count × unit` seconds, held at `Int64`'s bounds rather than overflowing.
    private static func clampedProduct(_ count: Int64, _ unit: Int64) -> Int64 {
        let (product, overflow) = count.multipliedReportingOverflow(by: unit)
        return overflow ? (count < 0 ? .min : .max) : product
    }
}
