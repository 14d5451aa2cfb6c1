import Foundation
@testable import GateCore
import Testing

/// The drag gate's motion and the server's replay of a drag (HTKUltimateParentalGate's balls).
@Suite("Drag: the balls' motion and the server's judging")
struct DragJudgingTests {
    /// Two balls in a 400 × 400 field: ball 0 still at the middle, ball 1 moving right at 100
    /// points a second from the left wall; the box (50) in the bottom right corner.
    static let motion = DragMotion(
        ballSize: 44, boxSize: 50, corner: .bottomRight, firstTouchMs: 250,
        balls: [.init(x: 5000, y: 5000, vx: 0, vy: 0), .init(x: 0, y: 5000, vx: 100, vy: 0)])
    static let field = try! DragField(width: 400, height: 400)

    /// A path from `from` to `to` in steps of at most 20 points, 16 ms apart, from `t`.
    static func path(from: (Double, Double), to: (Double, Double), at t: Double) -> [DragPoint] {
        let distance = ((to.0 - from.0) * (to.0 - from.0) + (to.1 - from.1) * (to.1 - from.1)).squareRoot()
        let steps = max(1, Int((distance / 20).rounded(.up)))
        return (0...steps).map { step in
            let f = Double(step) / Double(steps)
            return DragPoint(t: t + Double(step) * 16, x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f)
        }
    }

    static func judge(_ points: [DragPoint], elapsed: Duration = .seconds(10)) throws -> Result<Int, DragRefusal> {
        motion.judge(try DragReport(field: field, points: points), elapsed: elapsed)
    }

    @Test("a ball reflects off the walls: the closed form matches a step-by-step simulation, both ways and from any start")
    func bounce() {
        #expect(DragMotion.bounce(start: 0, speed: 100, seconds: 0.5, span: 100) == 50)
        #expect(DragMotion.bounce(start: 0, speed: 100, seconds: 1.5, span: 100) == 50)
        #expect(DragMotion.bounce(start: 0, speed: 100, seconds: 2.25, span: 100) == 25)
        #expect(DragMotion.bounce(start: 10_000, speed: -30, seconds: 1, span: 100) == 70)
        #expect(DragMotion.bounce(start: 5000, speed: 199, seconds: 0, span: 0) == 0)
        for (start, speed) in [(0, 75), (2500, -199), (10_000, 120), (7321, -75)] {
            var position = Double(start) / 10_000 * 356, velocity = Double(speed)
            for tick in 1...20_000 {
                position += velocity / 1000
                if position > 356 { position = 712 - position; velocity = -velocity }
                if position < 0 { position = -position; velocity = -velocity }
                if tick % 997 == 0 {
                    let closed = DragMotion.bounce(start: start, speed: speed, seconds: Double(tick) / 1000, span: 356)
                    #expect(abs(closed - position) < 0.01, "start \(start) speed \(speed) at \(tick) ms")
                }
            }
        }
    }

    @Test("the moving ball pressed where it is at that moment and carried to the box is that ball; a press where it was is not")
    func rightBall() throws {
        // At 1 s ball 1's centre is at x = 22 + 100 = 122, y = 200.
        let carried = Self.path(from: (122, 200), to: (375, 375), at: 1000)
        #expect(try Self.judge(carried) == .success(1))
        // The still ball, pressed 10 points off its centre and held so.
        #expect(try Self.judge(Self.path(from: (210, 200), to: (385, 375), at: 1000)) == .success(0))
        // Where ball 1 started (x = 22): it has moved on by 1 s.
        #expect(try Self.judge(Self.path(from: (22, 200), to: (375, 375), at: 1000)) == .failure(.offBall))
        // Within reach: a finger's slop past the edge (22 + 8).
        #expect(try Self.judge(Self.path(from: (122, 229), to: (375, 385), at: 1000)) == .success(1))
        #expect(try Self.judge(Self.path(from: (122, 231), to: (375, 385), at: 1000)) == .failure(.offBall))
    }

    @Test("each refusal: too soon, longer than the server saw, a jump between points, let go outside the box")
    func refusals() throws {
        // Ball 1 at 200 ms is at x = 42.
        #expect(try Self.judge(Self.path(from: (42, 200), to: (375, 375), at: 200)) == .failure(.tooSoon))
        let carried = Self.path(from: (122, 200), to: (375, 375), at: 1000)
        #expect(try Self.judge(carried, elapsed: .milliseconds(Int64(carried.last!.t) - 1)) == .failure(.tooLong))
        #expect(try Self.judge(carried, elapsed: .milliseconds(Int64(carried.last!.t))) == .success(1))
        let jump = [DragPoint(t: 1000, x: 122, y: 200), DragPoint(t: 1300, x: 375, y: 375)]
        #expect(try Self.judge(jump) == .failure(.teleport))
        // Small steps, all at one moment: faster than a hand (5 points a millisecond).
        let instant = Self.path(from: (122, 200), to: (375, 375), at: 1000).map { DragPoint(t: 1000, x: $0.x, y: $0.y) }
        #expect(try Self.judge(instant) == .failure(.teleport))
        #expect(try Self.judge(Self.path(from: (122, 200), to: (300, 300), at: 1000)) == .failure(.missedBox))
        // The ball's centre is what must land in the box (its left edge at 350): pressed 20 points right of its centre,
        // the pointer inside the box at 360 leaves the centre outside at 340.
        #expect(try Self.judge(Self.path(from: (142, 200), to: (360, 375), at: 1000)) == .failure(.missedBox))
        #expect(try Self.judge(Self.path(from: (142, 200), to: (375, 375), at: 1000)) == .success(1))
    }

    @Test("a report that cannot be judged is refused with a reason: too few or too many points, time going back, a number not finite, a field out of range")
    func malformed() {
        let point = DragPoint(t: 300, x: 10, y: 10)
        #expect(throws: GateInputError.self) { try DragReport(field: Self.field, points: [point]) }
        #expect(throws: GateInputError.self) { try DragReport(field: Self.field, points: Array(repeating: point, count: 601)) }
        #expect(throws: GateInputError.self) { try DragReport(field: Self.field, points: [point, DragPoint(t: 299, x: 10, y: 10)]) }
        #expect(throws: GateInputError.self) { try DragReport(field: Self.field, points: [point, DragPoint(t: .nan, x: 10, y: 10)]) }
        #expect(throws: GateInputError.self) { try DragReport(field: Self.field, points: [point, DragPoint(t: 400, x: .infinity, y: 10)]) }
        #expect(throws: GateInputError.self) { try DragField(width: 199, height: 400) }
        #expect(throws: GateInputError.self) { try DragField(width: 400, height: 4001) }
        #expect((try? DragReport(field: Self.field, points: Array(repeating: point, count: 600))) != nil)
        do {
            _ = try DragReport(field: Self.field, points: [point])
            Issue.record("one point was taken")
        } catch {
            #expect(error.description == "malformed report: a drag has 2 to 600 points (the press first, the release last), not 1; nothing was judged")
        }
        // A drag made late in a ten-minute time limit is a report like any other.
        #expect((try? DragReport(field: Self.field, points: [DragPoint(t: 550_000, x: 1, y: 1), DragPoint(t: 550_016, x: 2, y: 2)])) != nil)
        #expect(throws: GateInputError.self) { try DragReport(field: Self.field, points: [point, DragPoint(t: 1_000_001, x: 1, y: 1)]) }
    }

    @Test("balls drawn for a policy: its sizes, its speeds on each axis in both directions, starts over the whole field, either corner")
    func drawn() {
        var policy = Policy.default
        policy.dragMinSpeed = 75
        policy.dragMaxSpeed = 199
        let random = RandomSource.seeded(7)
        var corners = Set<DragMotion.Corner>(), signs = Set<Bool>()
        for _ in 0..<200 {
            let motion = DragMotion.random(count: 8, policy: policy, using: random)
            #expect(motion.balls.count == 8 && motion.ballSize == 44 && motion.boxSize == 50 && motion.firstTouchMs == 250)
            for ball in motion.balls {
                #expect((75...199).contains(abs(ball.vx)) && (75...199).contains(abs(ball.vy)))
                #expect((0...10_000).contains(ball.x) && (0...10_000).contains(ball.y))
                signs.insert(ball.vx > 0)
            }
            corners.insert(motion.corner)
        }
        #expect(corners.count == 2 && signs.count == 2)
    }
}
