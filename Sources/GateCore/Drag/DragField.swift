/// The size, in points, of the field a client draws a drag's balls in.
public struct DragField: Hashable, Sendable {
    public private(set) var width: Double
    public private(set) var height: Double

    /// The sizes a field may have along each axis.
    public static let sides: ClosedRange<Double> = 200...4000

    /// A field of `width` × `height`; refused unless both are in ``sides``.
    public init(width: Double, height: Double) throws(GateInputError) {
        guard Self.sides.contains(width), Self.sides.contains(height) else {
            throw .malformedReport("the field must be 200 to 4000 points each way, not \(width) × \(height)")
        }
        self.width = width
        self.height = height
    }
}
