import Foundation
import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// `ParentalGateTesting` as an embedder uses it: public API only, no `@testable`.
@Suite("ParentalGateTesting: a gate for embedders' tests", .boundedConcurrency)
struct TestGateTests {
    @Test("an in-memory gate with a manual clock: the right answer passes, the wrong one fails, time ends parent mode")
    func rightWrongAndTime() async throws {
        let test = try TestGate()
        #expect(test.database == .inMemory)
        try await test.gate.addProfile("emma")
        let first = try await test.begin("emma")
        #expect(try await test.fail(first) == .failed(.tooManyWrongAnswers))
        let second = try await test.begin("emma")
        let (right, wrong) = (try await test.rightAnswer(to: second), try await test.wrongAnswer(to: second))
        #expect(wrong != right)
        let issued = test.clock.now
        guard case .passed(let pass) = try await test.pass(second) else {
            Issue.record("the right answer after a pause should pass")
            return
        }
        #expect(test.clock.now == issued.addingTimeInterval(3), "the pause is on the gate's clock")
        #expect(try await test.gate.state(profile: "emma") == .parent(until: pass.until))
        test.advance(by: .minutes(10))
        #expect(try await test.gate.state(profile: "emma") == .child)
        #expect(try await test.gate.session(token: pass.token) == nil)
    }

    @Test("the right answer at once is too fast: the clock only moves when told")
    func tooFastWithoutAPause() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        #expect(try await test.pass(try await test.begin("emma"), after: .zero) == .failed(.tooFast))
    }

    @Test("for a choice challenge the wrong answer is another of its choices")
    func choices() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.answerFormat, to: .choice)
        for _ in 0..<20 {
            try await test.gate.unlock(profile: "emma", by: "tests")
            let challenge = try await test.begin("emma")
            let choices = try #require(challenge.choices)
            let right = try await test.rightAnswer(to: challenge)
            let wrong = try await test.wrongAnswer(to: challenge)
            #expect(choices.contains(right) && choices.contains(wrong) && wrong != right)
        }
    }

    @Test("the same seed asks the same questions; a refused begin is a TestGateError naming the answer")
    func seedsAndRefusals() async throws {
        var prompts: [[String]] = []
        for _ in 0..<2 {
            let test = try TestGate(seed: 42)
            try await test.gate.addProfile("emma")
            var asked: [String] = []
            for _ in 0..<3 { asked.append(try await test.begin("emma").prompt) }
            prompts.append(asked)
            // The third begin abandoned the second challenge: three failures, a lockout.
            await #expect(throws: TestGateError.self) { try await test.begin("emma") }
        }
        #expect(prompts[0] == prompts[1])
        let test = try TestGate(seed: 42)
        try await test.gate.addProfile("emma")
        _ = try await test.gate.setProfileEnabled("emma", false)
        do {
            _ = try await test.begin("emma")
            Issue.record("a disabled profile gave a challenge")
        } catch {
            #expect(error as? TestGateError == .notAChallenge(profile: "emma", answer: "disabled"))
        }
    }

    @Test("code under test gets the gate; the test moves time across a lockout without sleeping")
    func lockoutWithoutSleeping() async throws {
        /// The embedder's code: asks the gate whether the settings may open.
        struct SettingsScreen {
            let gate: Gate
            func mayOpen() async throws(GateError) -> Bool {
                if case .parent = try await gate.state(profile: "emma") { true } else { false }
            }
        }
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.lockout, to: .minutes(5), for: "emma")
        let screen = SettingsScreen(gate: test.gate)
        for _ in 0..<3 { _ = try await test.fail(try await test.begin("emma")) }
        await #expect(throws: TestGateError.self) { try await test.begin("emma") }
        #expect(try await screen.mayOpen() == false)
        test.advance(by: .minutes(5))
        _ = try await test.pass(try await test.begin("emma"))
        #expect(try await screen.mayOpen())
    }

    @Test("families of one service share one clock; the right answer comes from a challenge's id alone; a pass's check names its profile's id, which a sibling's does not share")
    func sharedClockAndIds() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let (first, second) = (try TestGate(clock: clock), try TestGate(seed: 2, clock: clock))
        let emma = try await first.gate.addProfile("emma")
        let liam = try await first.gate.addProfile("liam")
        try await second.gate.addProfile("emma")
        let challenge = try await first.begin("emma")
        let id = challenge.id
        clock.advance(by: .seconds(3))
        guard case .passed(let pass) = try await first.gate.answer(challenge: id, value: try await first.rightAnswer(to: id)) else {
            Issue.record("the right answer by the challenge's id did not pass")
            return
        }
        let check = try #require(try await first.gate.session(token: pass.token))
        #expect(check.profileID == emma.id && check.profileID != liam.id && check.profile == "emma")
        #expect(try await second.gate.session(token: pass.token) == nil, "another family's gate knows nothing of it")
        let other = try await second.begin("emma")
        clock.advance(by: .minutes(10))
        #expect(try await first.gate.session(token: pass.token) == nil, "one clock moved the first family's time")
        #expect(try await second.pass(other) == .failed(.timedOut), "and the second's")
    }

    @Test("failDatabase: a busy database fails the next write only, as retryable; a read-only one keeps reads and refuses writes until healed; a full disk is 507; nothing failed is written")
    func injectedFailures() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")

        test.failDatabase(as: .busy)
        await #expect {
            _ = try await test.gate.begin(profile: "emma")
        } throws: { error in
            guard let error = error as? GateError, case .database(let failure) = error else { return false }
            return failure.kind == .busy && error.isRetryable && error.httpStatus == 503 && error.retryAfter == .seconds(1)
        }
        #expect(try await test.gate.auditEntries(AuditFilter(kinds: [.challengeIssued]), limit: 10).items.isEmpty, "the refused begin wrote nothing")
        #expect(try await test.gate.state(profile: "emma") == .child)
        let challenge = try await test.begin("emma")  // once: the retry works

        test.failDatabase(as: .readOnly, times: nil)
        #expect(try await test.gate.profiles().map(\.name) == ["emma"], "a read-only database still answers reads")
        for _ in 0..<3 {
            await #expect(throws: GateError.self) { _ = try await test.pass(challenge) }
        }
        #expect(try await test.gate.state(profile: "emma") == .verifying(challenge), "the refused answers changed nothing")
        do {
            _ = try await test.gate.addProfile("liam")
            Issue.record("a read-only database took a write")
        } catch {
            #expect(!error.isRetryable && error.httpStatus == 503)
            if case .database(let failure) = error { #expect(failure.kind == .readOnly) } else { Issue.record("\(error)") }
        }
        test.heal()
        #expect(try await test.gate.profiles().map(\.name) == ["emma"], "nothing refused was written")

        test.failDatabase(as: .diskFull)
        await #expect {
            try await test.gate.addProfile("liam")
        } throws: { error in
            (error as? GateError)?.httpStatus == 507 && (error as? GateError)?.isRetryable == false
        }
        test.failDatabase(as: .unreachable)
        await #expect(throws: GateError.self, "an unreachable database stops reads too") { try await test.gate.profiles() }
        #expect(try await test.gate.profiles().map(\.name) == ["emma"])
    }
}
