/// What a client saw of the two targets being held: the field, and every press (down to up)
/// in the attempt, each a path of points.
public struct TargetReport: Hashable, Sendable {
    public private(set) var field: DragField
    public private(set) var presses: [[DragPoint]]

    /// The most presses a report may hold (a hand's), and points over all of them.
    public static let maxPresses = 5
    public static let maxPoints = DragReport.maxPoints

    /// Refused, and nothing judged, unless there are 1 to ``maxPresses`` presses of at least
    /// one point each, at most ``maxPoints`` points, each press's times never going back, and
    /// every number finite and within ``DragPoint/limit``.
    public init(field: DragField, presses: [[DragPoint]]) throws(GateInputError) {
        guard (1...Self.maxPresses).contains(presses.count), presses.allSatisfy({ !$0.isEmpty }) else {
            throw .malformedReport("a report has 1 to \(Self.maxPresses) presses of at least one point each")
        }
        guard presses.reduce(0, { $0 + $1.count }) <= Self.maxPoints else {
            throw .malformedReport("a report has at most \(Self.maxPoints) points in all")
        }
        for press in presses {
            var previous = 0.0
            for point in press {
                guard point.isWithinLimits else { throw .malformedReport(DragPoint.limitsSentence) }
                guard point.t >= previous else { throw .malformedReport("a press's times must not go back") }
                previous = point.t
            }
        }
        self.field = field
        self.presses = presses
    }
}
