/// A moment of a drag: milliseconds after the balls were shown, and a position in points.
public struct DragPoint: Hashable, Sendable {
    public var t: Double
    public var x: Double
    public var y: Double

    public init(t: Double, x: Double, y: Double) {
        self.t = t
        self.x = x
        self.y = y
    }

    /// The largest position a report may give, in points.
    public static let limit = 100_000.0
    /// The latest time a report may give, in milliseconds: past the longest `timeLimit` (10 minutes).
    public static let latest = 1_000_000.0
    /// The fastest a hand moves a point, in points a millisecond (5,000 a second).
    public static let fastest = 5.0

    /// Whether the time is finite, from 0 to ``latest``, and the position finite within ``limit``.
    var isWithinLimits: Bool {
        t.isFinite && (0...Self.latest).contains(t) && x.isFinite && y.isFinite && abs(x) <= Self.limit && abs(y) <= Self.limit
    }

    static let limitsSentence = "a point's time must be 0 to 1000000 milliseconds and its position finite, within 100000 points"

    /// Whether `path` is one a hand makes: no step longer than `step`, and no longer in all
    /// than ``fastest`` covers in its time, give or take one step (events' times jitter).
    static func isHandMade(_ path: [DragPoint], step: Double) -> Bool {
        var length = 0.0
        for (from, to) in zip(path, path.dropFirst()) {
            let distance = from.distance(to: to)
            if distance > step { return false }
            length += distance
        }
        guard let first = path.first, let last = path.last else { return true }
        return length <= Self.fastest * (last.t - first.t) + step
    }

    /// The straight distance to `other`, in points.
    public func distance(to other: DragPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}
