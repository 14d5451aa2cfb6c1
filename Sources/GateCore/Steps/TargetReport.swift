/// What a client saw of the two targets being held: the field, and every press (down to up)
/// in the attempt, each a path of points.
public struct TargetReport: Hashable, Sendable {
    public var field: DragField
    public var presses: [[DragPoint]]

    /// The most presses a report may hold (a hand's), and points over all of them.
    public static let maxPresses = 5
    public static let maxPoints = 600

    /// Refused, and nothing judged, unless there are 1 to ``maxPresses`` presses of at least
    /// one point each, at most ``maxPoints`` points, each press's times never going back, and
    /// every number finite and within 100,000.
    public init(field: DragField, presses: [[DragPoint]]) throws(GateInputError) {
        guard (1...Self.maxPresses).contains(presses.count), presses.allSatisfy({ !$0.isEmpty }) else {
            throw .malformedDrag("a report has 1 to \(Self.maxPresses) presses of at least one point each")
        }
        guard presses.reduce(0, { $0 + $1.count }) <= Self.maxPoints else {
            throw .malformedDrag("a report has at most \(Self.maxPoints) points in all")
        }
        for press in presses {
            var previous = 0.0
            for point in press {
                guard [point.t, point.x, point.y].allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) else {
                    throw .malformedDrag("a point's time and position must be finite numbers within 100000")
                }
                guard point.t >= previous else { throw .malformedDrag("a press's times must not go back") }
                previous = point.t
            }
        }
        self.field = field
        self.presses = presses
    }
}
