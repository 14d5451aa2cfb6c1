import Foundation
@testable import GateCore
import Testing

/// MKParentalGate's two targets: where they are, and the server's judging of two presses.
@Suite("Two targets: their motion and the server's judging")
struct TargetJudgingTests {
    static let targets = TargetMotion(targetSize: 60, periodMs: 10_000, phase: 0, overlapMs: 300, firstTouchMs: 250)
    static let field = try! DragField(width: 400, height: 300)

    /// A press that follows target `index` from `start` to `end` ms, a point every 16 ms.
    static func follow(_ index: Int, from start: Double, to end: Double, off: Double = 0) -> [DragPoint] {
        stride(from: start, through: end, by: 16).map { t in
            let c = targets.center(ofTarget: index, at: t, in: field)
            return DragPoint(t: t, x: c.x + off, y: c.y)
        }
    }

    static func judge(_ presses: [[DragPoint]], elapsed: Duration = .seconds(10)) throws -> Result<Void, StepRefusal> {
        targets.judge(try TargetReport(field: field, presses: presses), elapsed: elapsed)
    }

    static func refusal(_ result: Result<Void, StepRefusal>) -> StepRefusal? {
        if case .failure(let refusal) = result { return refusal }
        return nil
    }

    @Test("the targets mirror each other on their bars, a period of 10 s from the phase")
    func motion() {
        let start = Self.targets.center(ofTarget: 0, at: 0, in: Self.field)
        #expect(start.x == 200 && start.y == 100)
        let quarter = Self.targets.center(ofTarget: 0, at: 2500, in: Self.field)
        #expect(abs(quarter.x - (200 + 200 - 30 - 8)) < 0.001)
        let mirrored = Self.targets.center(ofTarget: 1, at: 2500, in: Self.field)
        #expect(abs(mirrored.x - (400 - quarter.x)) < 0.001 && mirrored.y == 200)
        let again = Self.targets.center(ofTarget: 0, at: 12_500, in: Self.field)
        #expect(abs(again.x - quarter.x) < 0.001)
    }

    @Test("one press on each target, together 300 ms or more, passes; each way to fail is refused and says which")
    func judging() throws {
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 1000, to: 1800), Self.follow(1, from: 1400, to: 2000)])) == nil)
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 1000, to: 1500), Self.follow(1, from: 1400, to: 2000)])) == .notTogether)
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 1000, to: 1800), Self.follow(0, from: 1400, to: 2000)])) == .sameTarget)
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 1000, to: 1800)])) == .sameTarget)
        let elsewhere = [DragPoint(t: 1500, x: 20, y: 280), DragPoint(t: 1600, x: 20, y: 280)]
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 1000, to: 1800), Self.follow(1, from: 1400, to: 2000), elsewhere])) == .offTarget)
        // A finger that stays where the target was while it slides away.
        let stayed = [Self.targets.center(ofTarget: 0, at: 1000, in: Self.field)].flatMap { c in
            stride(from: 1000.0, through: 2500, by: 16).map { DragPoint(t: $0, x: c.x, y: c.y) }
        }
        #expect(Self.refusal(try Self.judge([stayed, Self.follow(1, from: 1400, to: 2000)])) == .slipped)
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 200, to: 1800), Self.follow(1, from: 1400, to: 2000)])) == .tooSoon)
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 1000, to: 1800), Self.follow(1, from: 1400, to: 2000)], elapsed: .milliseconds(1900))) == .tooLong)
        // Within reach: 30 + 8 points off the centre holds, 40 does not.
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 1000, to: 1800, off: 37), Self.follow(1, from: 1400, to: 2000)])) == nil)
        #expect(Self.refusal(try Self.judge([Self.follow(0, from: 1000, to: 1800, off: 40), Self.follow(1, from: 1400, to: 2000)])) == .offTarget)
    }

    @Test("a report that cannot be judged is refused: no press, an empty press, six presses, time going back in a press")
    func malformed() {
        let point = DragPoint(t: 300, x: 10, y: 10)
        #expect(throws: GateInputError.self) { try TargetReport(field: Self.field, presses: []) }
        #expect(throws: GateInputError.self) { try TargetReport(field: Self.field, presses: [[]]) }
        #expect(throws: GateInputError.self) { try TargetReport(field: Self.field, presses: Array(repeating: [point], count: 6)) }
        #expect(throws: GateInputError.self) { try TargetReport(field: Self.field, presses: [[point, DragPoint(t: 200, x: 10, y: 10)]]) }
        #expect(throws: GateInputError.self) { try TargetReport(field: Self.field, presses: [Array(repeating: point, count: 601)]) }
    }
}
