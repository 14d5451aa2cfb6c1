/// What a client saw of a drag: the field it drew the balls in, and the pointer's path from
/// the press (its first point) to the release (its last).
public struct DragReport: Hashable, Sendable {
    public private(set) var field: DragField
    public private(set) var points: [DragPoint]

    /// The most points a report may hold: ten seconds at 60 a second (and within 16 KiB as
    /// whole numbers).
    public static let maxPoints = 600

    /// Refused, and nothing judged, unless there are 2 to ``maxPoints`` points, times not
    /// negative and never going back, and every number finite and within ``DragPoint/limit``.
    public init(field: DragField, points: [DragPoint]) throws(GateInputError) {
        guard (2...Self.maxPoints).contains(points.count) else {
            throw .malformedReport("a drag has 2 to \(Self.maxPoints) points (the press first, the release last), not \(points.count)")
        }
        var previous = 0.0
        for point in points {
            guard point.isWithinLimits else { throw .malformedReport(DragPoint.limitsSentence) }
            guard point.t >= previous else {
                throw .malformedReport("a drag's times must not go back (\(point.t) after \(previous))")
            }
            previous = point.t
        }
        self.field = field
        self.points = points
    }
}
