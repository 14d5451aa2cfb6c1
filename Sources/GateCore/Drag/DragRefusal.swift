/// Why the server refused a drag: it counts as a wrong answer.
public enum DragRefusal: String, CaseIterable, Hashable, Sendable, Codable, Error, CustomStringConvertible {
    /// The press started sooner after the balls were shown than `dragFirstTouch`.
    case tooSoon
    /// The drag ended later than the server saw pass since the challenge was issued.
    case tooLong
    /// The press started on no ball.
    case offBall
    /// Two points of the path are further apart than a ball is wide: no hand moves so.
    case teleport
    /// The ball was let go outside the box.
    case missedBox

    public var description: String {
        switch self {
        case .tooSoon: "the press started too soon after the balls were shown"
        case .tooLong: "the drag ended later than the time that has passed since the challenge began"
        case .offBall: "the press did not start on a ball"
        case .teleport: "the path jumps: two of its points are further apart than a ball is wide"
        case .missedBox: "the ball was let go outside the box"
        }
    }
}
