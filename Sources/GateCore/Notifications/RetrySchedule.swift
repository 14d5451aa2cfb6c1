/// When a notification that could not be delivered is tried again: after `base`, then
/// twice as long after each further failure, never longer than `maximum`.
public struct RetrySchedule: Hashable, Sendable {
    public var base: Duration
    public var maximum: Duration

    public init(base: Duration = .seconds(5), maximum: Duration = .seconds(3600)) {
        self.base = base
        self.maximum = max(base, maximum)
    }

    /// The pause after the `attempt`th failed try (the first is 1).
    public func delay(afterAttempt attempt: Int) -> Duration {
        let doublings = min(max(attempt, 1) - 1, 40)
        var delay = base
        for _ in 0..<doublings {
            delay *= 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
