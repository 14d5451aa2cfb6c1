import Foundation
import GateStore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// The drag gate through the library, on the manual clock, on both backends: the server
/// replays each drag against the balls it issued.
@Suite("The drag gate (HTK's moving balls)", .boundedConcurrency)
struct DragGateTests {
    /// A 400 × 440 field, as the gate page draws it on a narrow screen.
    static let field = try! DragField(width: 400, height: 440)

    /// The path of ball `ball` of `challenge` pressed at its centre `at` milliseconds after it
    /// was shown and carried, in steps of at most 20 points 16 ms apart, to `to` (the box's
    /// centre when `nil`).
    static func drag(_ challenge: Challenge, ball: Int, at t: Double, to: DragPoint? = nil) throws -> DragReport {
        let motion = try #require(challenge.motion)
        let from = motion.center(ofBall: ball, at: t, in: field)
        let side = Double(motion.boxSize)
        let target = to ?? DragPoint(
            t: 0, x: motion.corner == .bottomLeft ? side / 2 : field.width - side / 2, y: field.height - side / 2)
        let steps = max(1, Int((from.distance(to: target) / 20).rounded(.up)))
        let points = (0...steps).map { step in
            let f = Double(step) / Double(steps)
            return DragPoint(t: t + Double(step) * 16, x: from.x + (target.x - from.x) * f, y: from.y + (target.y - from.y) * f)
        }
        return try DragReport(field: field, points: points)
    }

    @Test("the right ball into the box passes, a wrong ball is a wrong answer, a refused drag counts as one and says why; a value is refused", arguments: Backend.allCases)
    func drag(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate, clock = backing.test.clock
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.answerFormat, "drag"), (.choiceCount, "5"), (.maxWrongAnswers, "4"), (.minResponseTime, "0s")], for: "emma")
        guard case .challenge(let challenge) = try await gate.begin(profile: "emma", client: "tablet") else {
            Issue.record("no challenge")
            return
        }
        let motion = try #require(challenge.motion)
        let choices = try #require(challenge.choices)
        #expect(challenge.format == .drag && choices.count == 5 && motion.balls.count == 5 && !challenge.shownStill)
        #expect(motion.ballSize == 44 && motion.boxSize == 50 && motion.firstTouchMs == 250)
        // The store keeps the motion: the open challenge reads back the same.
        guard case .verifying(let open) = try await gate.state(profile: "emma") else {
            Issue.record("not verifying")
            return
        }
        #expect(open.motion == motion && open.format == .drag)

        // A value without the drag is refused, and changes nothing.
        let answer = try await backing.test.rightAnswer(to: challenge)
        await #expect(throws: GateError.conflict(.wrongAnswerForm(challenge: challenge.id.rawValue, format: .drag))) {
            try await gate.answer(challenge: challenge.id, value: answer)
        }
        let right = try #require(choices.firstIndex(of: answer))
        let wrong = (right + 1) % choices.count
        clock.advance(by: .seconds(3))
        let wrongBall = try await gate.drag(challenge: challenge.id, report: try Self.drag(challenge, ball: wrong, at: 1000), client: "tablet")
        #expect(wrongBall == DragResult(refusal: nil, result: .wrong(triesLeft: 3, tooFast: false)))
        let attempts = try await gate.attempts(limit: 10).items
        #expect(attempts.map(\.givenValue) == [choices[wrong]] && attempts.first?.outcome == .wrong)

        // Where the right ball was at the start, pressed later: it has moved on.
        let start = try Self.drag(challenge, ball: right, at: 0)
        let stale = try DragReport(field: Self.field, points: start.points.map { DragPoint(t: $0.t + 2000, x: $0.x, y: $0.y) })
        let moved = motion.center(ofBall: right, at: 2000, in: Self.field).distance(to: stale.points[0])
        try #require(moved > 30, "the seeded balls move more than a ball's reach in 2 s")
        let refused = try await gate.drag(challenge: challenge.id, report: stale)
        #expect(refused == DragResult(refusal: .offBall, result: .wrong(triesLeft: 2, tooFast: false)))
        // Longer than the server saw: 3 s have passed, the drag says it ended after that.
        let tooLong = try await gate.drag(challenge: challenge.id, report: try Self.drag(challenge, ball: right, at: 2900))
        #expect(tooLong == DragResult(refusal: .tooLong, result: .wrong(triesLeft: 1, tooFast: false)), "each refusal is counted in the store")
        let audit = try await gate.auditEntries(AuditFilter(kinds: [.dragRefused]), limit: 10).items
        #expect(audit.map { $0.event.details["reason"] } == ["offBall", "tooLong"])

        clock.advance(by: .seconds(1))
        let passed = try await gate.drag(challenge: challenge.id, report: try Self.drag(challenge, ball: right, at: 3200))
        guard case .passed = passed.result else {
            Issue.record("the right ball into the box did not pass: \(passed)")
            return
        }
        #expect(passed.refusal == nil)
    }

    @Test("a client that cannot draw gets the options still (marked so), answered by value; a drag of a challenge without balls is refused", arguments: Backend.allCases)
    func still(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.answerFormat, "drag"), (.minResponseTime, "0s")], for: "emma")
        guard case .challenge(let challenge) = try await gate.begin(profile: "emma", still: true) else {
            Issue.record("no challenge")
            return
        }
        #expect(challenge.format == .choice && challenge.shownStill && challenge.motion == nil && challenge.choices?.count == 4)
        guard case .verifying(let open) = try await gate.state(profile: "emma") else {
            Issue.record("not verifying")
            return
        }
        #expect(open.shownStill && open.format == .choice)
        let report = try DragReport(field: Self.field, points: [DragPoint(t: 300, x: 10, y: 10), DragPoint(t: 316, x: 12, y: 12)])
        await #expect(throws: GateError.conflict(.wrongAnswerForm(challenge: challenge.id.rawValue, format: .choice))) {
            try await gate.drag(challenge: challenge.id, report: report)
        }
        guard case .passed = try await gate.answer(challenge: challenge.id, value: try await backing.test.rightAnswer(to: challenge)) else {
            Issue.record("the still form did not pass by value")
            return
        }
        // `still` is nothing to an entry gate.
        try await gate.setPolicy(.answerFormat, to: "entry", for: "emma")
        guard case .challenge(let entry) = try await gate.begin(profile: "emma", still: true) else { return }
        #expect(entry.format == .entry && !entry.shownStill)
    }

    @Test("a refused drag on the last try fails the challenge; one after the deadline is a timeout; one of an ended challenge changes nothing", arguments: Backend.allCases)
    func lastTry(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate, clock = backing.test.clock
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.answerFormat, "drag"), (.minResponseTime, "0s")], for: "emma")
        guard case .challenge(let first) = try await gate.begin(profile: "emma") else { return }
        clock.advance(by: .seconds(2))
        let jump = try DragReport(field: Self.field, points: [DragPoint(t: 300, x: 10, y: 10), DragPoint(t: 400, x: 390, y: 430)])
        let failed = try await gate.drag(challenge: first.id, report: jump)
        #expect(failed.result == .failed(.tooManyWrongAnswers))
        #expect(failed.refusal == .offBall || failed.refusal == .teleport)
        let again = try await gate.drag(challenge: first.id, report: jump)
        #expect(again == DragResult(refusal: nil, result: .alreadyEnded(.failed)))

        guard case .challenge(let second) = try await gate.begin(profile: "emma") else { return }
        clock.advance(by: .seconds(31))
        let late = try await gate.drag(challenge: second.id, report: jump)
        #expect(late == DragResult(refusal: nil, result: .failed(.timedOut)))
    }

    @Test("ParentalGateTesting's pass and fail drag a ball for a drag gate, as an app's tests would")
    func testGate() async throws {
        let test = try TestGate.onFile(seed: 5)
        defer { test.remove() }
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy([(.answerFormat, "drag"), (.maxWrongAnswers, "2")], for: "emma")
        let first = try await test.begin("emma")
        #expect(try await test.fail(first) == .wrong(triesLeft: 1, tooFast: false))
        guard case .passed = try await test.pass(first) else {
            Issue.record("TestGate.pass did not pass a drag gate")
            return
        }
        #expect(try await test.gate.attempts(limit: 10).items.map(\.outcome) == [.correct, .wrong])
    }
}
