/// How the balls of a `drag` challenge move (HTKUltimateParentalGate's gate): where each starts,
/// its velocity, the sizes, and the corner of the box the right ball is dragged into.
///
/// The motion is a closed-form function of time, so that every client draws the same balls
/// the server replays: ball `i` carries the challenge's `choices[i]`; its centre moves at a
/// constant velocity and reflects off the walls of the field the client draws it in
/// (``center(ofBall:at:in:)``, the README's "Drawing a drag" says it in words).
public struct DragMotion: Hashable, Sendable, Codable {
    /// One ball: its start and velocity.
    public struct Ball: Hashable, Sendable, Codable {
        /// Where the centre starts along each axis, in ten-thousandths of the span it moves in
        /// (0 is one wall's touching point, 10000 the other's).
        public var x: Int
        public var y: Int
        /// Points a second along each axis; the sign is the direction at the start.
        public var vx: Int
        public var vy: Int

        public init(x: Int, y: Int, vx: Int, vy: Int) {
            self.x = x
            self.y = y
            self.vx = vx
            self.vy = vy
        }
    }

    /// The bottom corner the box sits in.
    public enum Corner: String, Hashable, Sendable, Codable, CaseIterable {
        case bottomLeft, bottomRight
    }

    /// A ball's diameter, in points.
    public var ballSize: Int
    /// The box's side, in points.
    public var boxSize: Int
    public var corner: Corner
    /// The press may not start sooner than this after the balls were shown, in milliseconds.
    public var firstTouchMs: Int
    public var balls: [Ball]

    /// Ten-thousandths: the unit of a ball's start.
    public static let startScale = 10_000

    public init(ballSize: Int, boxSize: Int, corner: Corner, firstTouchMs: Int, balls: [Ball]) {
        self.ballSize = ballSize
        self.boxSize = boxSize
        self.corner = corner
        self.firstTouchMs = firstTouchMs
        self.balls = balls
    }

    /// Balls for `count` options with the policy's sizes and speeds, drawn from `random`: starts
    /// uniform over the field, each axis's speed uniform in the policy's range, its sign even.
    public static func random(count: Int, policy: Policy, using random: RandomSource) -> DragMotion {
        let speeds = min(policy.dragMinSpeed, policy.dragMaxSpeed)...max(policy.dragMinSpeed, policy.dragMaxSpeed)
        func velocity() -> Int { random.int(in: speeds) * (random.int(in: 0...1) == 0 ? -1 : 1) }
        let balls = (0..<count).map { _ in
            Ball(x: random.int(in: 0...startScale), y: random.int(in: 0...startScale), vx: velocity(), vy: velocity())
        }
        return DragMotion(
            ballSize: policy.dragBallSize, boxSize: policy.dragBoxSize,
            corner: random.int(in: 0...1) == 0 ? .bottomLeft : .bottomRight,
            firstTouchMs: Int(policy.dragFirstTouch.wholeMilliseconds), balls: balls)
    }

    /// The centre of ball `index` at `milliseconds` after the balls were shown, in a field of
    /// `field` points (its top left corner is 0, 0; y grows downwards).
    public func center(ofBall index: Int, at milliseconds: Double, in field: DragField) -> DragPoint {
        let ball = balls[index]
        let radius = Double(ballSize) / 2
        let seconds = milliseconds / 1000
        return DragPoint(
            t: milliseconds,
            x: radius + Self.bounce(start: ball.x, speed: ball.vx, seconds: seconds, span: field.width - 2 * radius),
            y: radius + Self.bounce(start: ball.y, speed: ball.vy, seconds: seconds, span: field.height - 2 * radius))
    }

    /// Where a point moving at `speed` along a segment of length `span`, reflecting at its
    /// ends, is after `seconds`, having started `start` ten-thousandths along it.
    static func bounce(start: Int, speed: Int, seconds: Double, span: Double) -> Double {
        guard span > 0 else { return 0 }
        let travelled = Double(start) / Double(startScale) * span + Double(speed) * seconds
        var folded = travelled.truncatingRemainder(dividingBy: 2 * span)
        if folded < 0 { folded += 2 * span }
        return folded <= span ? folded : 2 * span - folded
    }

    /// Whether `point` is in the box (its edges included).
    public func boxContains(_ point: DragPoint, in field: DragField) -> Bool {
        let side = Double(boxSize)
        let left = corner == .bottomLeft ? 0 : field.width - side
        return point.x >= left && point.x <= left + side && point.y >= field.height - side && point.y <= field.height
    }
}
