import Foundation
import GateStore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// Steps before the question through the library, on the manual clock, on both backends.
@Suite("Steps before the question: hold, and MKParentalGate's two targets", .boundedConcurrency)
struct StepGateTests {
    static let field = try! DragField(width: 400, height: 300)

    @Test("hold: the question waits for it; a release without a press, or sooner than holdTime, does not pass it (the early one counts); held long enough, the question is answered", arguments: Backend.allCases)
    func hold(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate, clock = backing.test.clock
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.step, "hold"), (.holdTime, "3s"), (.maxWrongAnswers, "3"), (.minResponseTime, "0s")], for: "emma")
        let challenge = try await backing.test.begin("emma")
        #expect(challenge.step == .hold(holdMs: 3000))
        let answer = try await backing.test.rightAnswer(to: challenge)
        await #expect(throws: GateError.conflict(.stepPending(challenge: challenge.id.rawValue, step: .hold))) {
            try await gate.answer(challenge: challenge.id, value: answer)
        }
        await #expect(throws: GateError.conflict(.stepNotPending(challenge: challenge.id.rawValue, step: .hold))) {
            try await gate.releaseHold(challenge: challenge.id)
        }
        await #expect(throws: GateError.conflict(.stepNotPending(challenge: challenge.id.rawValue, step: .twoTargets))) {
            try await gate.holdTargets(challenge: challenge.id, report: try TargetReport(field: Self.field, presses: [[DragPoint(t: 300, x: 1, y: 1)]]))
        }
        #expect(try await gate.pressHold(challenge: challenge.id) == .pressed(until: clock.now.addingTimeInterval(3)))
        clock.advance(by: .seconds(2))
        #expect(try await gate.releaseHold(challenge: challenge.id) == .refused(.releasedEarly, .wrong(triesLeft: 2, tooFast: false)))
        await #expect(throws: GateError.conflict(.stepNotPending(challenge: challenge.id.rawValue, step: .hold)), "an early release clears the press") {
            try await gate.releaseHold(challenge: challenge.id)
        }
        _ = try await gate.pressHold(challenge: challenge.id)
        clock.advance(by: .seconds(3))
        #expect(try await gate.releaseHold(challenge: challenge.id) == .done)
        guard case .passed = try await gate.answer(challenge: challenge.id, value: answer) else {
            Issue.record("the answer after the hold did not pass")
            return
        }
        let audit = try await gate.auditEntries(AuditFilter(kinds: [.stepRefused, .stepPassed]), limit: 10).items
        #expect(audit.map(\.event.kind) == [.stepRefused, .stepPassed])
        #expect(audit.first?.event.details["reason"] == "releasedEarly" && audit.first?.event.details["heldMs"] == "2000")
    }

    @Test("two targets: one press on each, together, passes; a press off them counts as wrong; a still client is asked without them", arguments: Backend.allCases)
    func twoTargets(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate, clock = backing.test.clock
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.step, "twoTargets"), (.maxWrongAnswers, "2"), (.minResponseTime, "0s")], for: "emma")
        let challenge = try await backing.test.begin("emma")
        guard case .twoTargets(let targets) = challenge.step else {
            Issue.record("no targets: \(String(describing: challenge.step))")
            return
        }
        #expect(targets.targetSize == 60 && targets.periodMs == 10_000 && targets.overlapMs == 300)
        func follow(_ index: Int, from start: Double, to end: Double) -> [DragPoint] {
            stride(from: start, through: end, by: 16).map { targets.center(ofTarget: index, at: $0, in: Self.field) }
        }
        clock.advance(by: .seconds(3))
        let off = try TargetReport(field: Self.field, presses: [[DragPoint(t: 500, x: 5, y: 295)], follow(1, from: 600, to: 1200)])
        #expect(try await gate.holdTargets(challenge: challenge.id, report: off) == .refused(.offTarget, .wrong(triesLeft: 1, tooFast: false)))
        let both = try TargetReport(field: Self.field, presses: [follow(0, from: 1000, to: 1800), follow(1, from: 1300, to: 2000)])
        #expect(try await gate.holdTargets(challenge: challenge.id, report: both) == .done)
        guard case .passed = try await gate.answer(challenge: challenge.id, value: try await backing.test.rightAnswer(to: challenge)) else {
            Issue.record("the answer after the targets did not pass")
            return
        }

        guard case .challenge(let still) = try await gate.begin(profile: "emma", still: true) else { return }
        #expect(still.step == nil && still.shownStill)
    }

    @Test("a refused step on the last try fails the challenge; a step of an ended challenge changes nothing")
    func lastTry() async throws {
        let test = try TestGate.onFile()
        defer { test.remove() }
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy([(.step, "hold")], for: "emma")
        let challenge = try await test.begin("emma")
        _ = try await test.gate.pressHold(challenge: challenge.id)
        #expect(try await test.gate.releaseHold(challenge: challenge.id) == .refused(.releasedEarly, .failed(.tooManyWrongAnswers)))
        #expect(try await test.gate.pressHold(challenge: challenge.id) == .ended(.alreadyEnded(.failed)))
        let stored = try await test.gate.attempts(limit: 10).items
        #expect(stored.isEmpty, "a step is no answer")
    }
}
