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

    /// The straight distance to `other`, in points.
    public func distance(to other: DragPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}
