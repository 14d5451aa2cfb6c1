import Foundation
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

@Suite("The gate rules, end to end on each backend: a real SQLite file, PostgreSQL", .boundedConcurrency)
struct GateRulesTests {
    @Test("a pass opens parent mode with a token, which expires after parentSession", arguments: Backend.allCases)
    func passOpensParentModeThatExpires(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let challenge = try await test.begin("emma")
        #expect(try await test.gate.state(profile: "emma") == .verifying(challenge))
        let result = try await test.pass(challenge)
        guard case .passed(let pass) = result else {
            Issue.record("expected a pass, got \(result)")
            return
        }
        #expect(pass.until == challenge.issuedAt.addingTimeInterval(3 + 600))
        #expect(try await test.gate.state(profile: "emma") == .parent(until: pass.until))
        #expect(try await test.gate.session(token: pass.token)?.profile == "emma")

        test.advance(by: .seconds(600 - 0.001))
        #expect(try await test.gate.session(token: pass.token) != nil)
        test.advance(by: .seconds(0.001))
        #expect(try await test.gate.session(token: pass.token) == nil)
        #expect(try await test.gate.state(profile: "emma") == .child)
        #expect(try await test.gate.session(token: "not-a-token") == nil)
    }

    @Test("a session can be ended early, and its token stops working", arguments: Backend.allCases)
    func endSession(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        guard case .passed(let pass) = try await test.pass(try await test.begin("emma")) else {
            Issue.record("no pass")
            return
        }
        #expect(try await test.gate.endSession(profile: "emma", by: "mum"))
        #expect(try await test.gate.session(token: pass.token) == nil)
        #expect(try await test.gate.state(profile: "emma") == .child)
        #expect(try await test.gate.endSession(profile: "emma") == false)
        #expect(try await test.auditKinds("emma").suffix(1) == [.sessionEnded])
    }

    @Test("wrong answers are allowed up to maxWrongAnswers, then the challenge fails", arguments: Backend.allCases)
    func wrongAnswersUpToTheLimit(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxWrongAnswers, to: "3")
        let challenge = try await test.begin("emma")
        #expect(try await test.fail(challenge) == .wrong(triesLeft: 2, tooFast: false))
        #expect(try await test.fail(challenge, after: .seconds(1)) == .wrong(triesLeft: 1, tooFast: false))
        #expect(try await test.fail(challenge, after: .seconds(1)) == .failed(.tooManyWrongAnswers))
        #expect(try await test.pass(challenge, after: .seconds(1)) == .alreadyEnded(.failed))
        #expect(try await test.gate.state(profile: "emma") == .child)
    }

    @Test("with the default policy one wrong answer fails the challenge", arguments: Backend.allCases)
    func defaultOneWrongAnswer(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        #expect(try await test.fail(try await test.begin("emma")) == .failed(.tooManyWrongAnswers))
    }

    @Test("an answer faster than minResponseTime counts as wrong, even when right", arguments: Backend.allCases)
    func tooFast(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxWrongAnswers, to: "2")
        let challenge = try await test.begin("emma")
        #expect(try await test.pass(challenge, after: .seconds(1.499)) == .wrong(triesLeft: 1, tooFast: true))
        let result = try await test.pass(challenge, after: .seconds(0.001))
        guard case .passed = result else {
            Issue.record("expected a pass at exactly minResponseTime, got \(result)")
            return
        }
        let outcomes = try await test.gate.auditEntries(AuditFilter(kinds: [.answerRecorded]), limit: 1000).items.map { $0.event.details["outcome"] }
        #expect(outcomes == ["tooFast", "correct"])
    }

    @Test("a too-fast last try fails the challenge as tooFast (not tooManyWrongAnswers), and listeners hear why", arguments: Backend.allCases)
    func tooFastOnTheLastTry(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let events = test.gate.events()
        let quick = try await test.begin("emma")
        #expect(try await test.pass(quick, after: .seconds(1)) == .failed(.tooFast))
        // A slow wrong last try is still tooManyWrongAnswers; a too-fast one that starts a
        // lockout is the lockout.
        try await test.gate.setPolicy(.maxWrongAnswers, to: 2)
        let slow = try await test.begin("emma")
        #expect(try await test.fail(slow, after: .seconds(1)) == .wrong(triesLeft: 1, tooFast: true))
        #expect(try await test.fail(slow) == .failed(.tooManyWrongAnswers))
        let third = try await test.begin("emma")
        #expect(try await test.fail(third, after: .seconds(0.5)) == .wrong(triesLeft: 1, tooFast: true))
        guard case .lockedOut = try await test.pass(third, after: .seconds(0.5)) else {
            Issue.record("the third failure in a row should start a lockout")
            return
        }
        var failures: [FailureReason] = []
        for await notification in events {
            if case .failed(_, let reason) = notification { failures.append(reason) }
            if case .lockedOut = notification { break }
        }
        #expect(failures == [.tooFast, .tooManyWrongAnswers, .tooFast])
        let ends = try await test.audit(AuditFilter(kinds: [.challengeFailed])).count
        #expect(ends == 3, "a too-fast failure is stored and audited as a failed challenge")
    }

    @Test("an answer after timeLimit has failed (timed out), and a forgotten challenge times out by itself", arguments: Backend.allCases)
    func timeout(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let late = try await test.begin("emma")
        #expect(try await test.pass(late, after: .seconds(30.001)) == .failed(.timedOut))

        let forgotten = try await test.begin("emma")
        test.advance(by: .seconds(31))
        #expect(try await test.gate.state(profile: "emma") == .child)
        #expect(try await test.pass(forgotten) == .alreadyEnded(.timedOut))
        let kinds = try await test.auditKinds("emma")
        #expect(kinds.filter { $0 == .challengeTimedOut }.count == 2)
        #expect(kinds.last == .replayRefused)
    }

    @Test("an answer exactly at the deadline still counts", arguments: Backend.allCases)
    func deadlineIsInclusive(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let challenge = try await test.begin("emma")
        guard case .passed = try await test.pass(challenge, after: .seconds(30)) else {
            Issue.record("an answer at the deadline should pass")
            return
        }
    }

    @Test("cancelled and abandoned challenges count as failures and lead to a lockout", arguments: Backend.allCases)
    func cancelAndAbandonCount(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let first = try await test.begin("emma")
        #expect(try await test.gate.cancel(challenge: first.id) == .failed(.cancelled))
        #expect(try await test.gate.cancel(challenge: first.id) == .alreadyEnded(.cancelled))
        _ = try await test.begin("emma")
        test.advance(by: .seconds(2))
        _ = try await test.begin("emma")
        test.advance(by: .seconds(2))
        let refused = try await test.gate.begin(profile: "emma")
        #expect(refused == .lockedOut(until: test.clock.now.addingTimeInterval(300)))
        let kinds = try await test.auditKinds("emma")
        #expect(kinds.filter { $0 == .challengeAbandoned }.count == 2)
        #expect(kinds.filter { $0 == .lockoutStarted }.count == 1)
        #expect(kinds.last == .beginRefused)
    }

    @Test("a lockout refuses begin with its end time, escalates by lockoutGrowth, and is capped at maxLockout", arguments: Backend.allCases)
    func lockoutEscalationAndCap(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxLockout, to: "15m")
        var lengths: [TimeInterval] = []
        for _ in 0..<4 {
            var result: AnswerResult = .disabled
            for _ in 0..<3 {
                result = try await test.fail(try await test.begin("emma"))
            }
            guard case .lockedOut(let until) = result else {
                Issue.record("expected a lockout, got \(result)")
                return
            }
            lengths.append(until.timeIntervalSince(test.clock.now))
            test.advance(by: .seconds(1))
            #expect(try await test.gate.begin(profile: "emma") == .lockedOut(until: until))
            #expect(try await test.gate.state(profile: "emma") == .lockedOut(until: until))
            test.clock.set(to: until.addingTimeInterval(-0.001))
            #expect(try await test.gate.begin(profile: "emma") == .lockedOut(until: until))
            test.clock.set(to: until)
        }
        #expect(lengths == [300, 600, 900, 900])
    }

    @Test("after hardLockAfter lockouts in a row only an adult's unlock opens the gate, and the unlock is audited", arguments: Backend.allCases)
    func hardLockAndUnlock(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.hardLockAfter, to: "1")
        try await test.gate.setPolicy(.maxFailedChallenges, to: "1")
        guard case .lockedOut(let until) = try await test.fail(try await test.begin("emma")) else {
            Issue.record("expected the first lockout")
            return
        }
        test.clock.set(to: until)
        #expect(try await test.fail(try await test.begin("emma")) == .hardLocked)
        test.advance(by: .seconds(365 * 86_400))
        #expect(try await test.gate.begin(profile: "emma") == .hardLocked)
        #expect(try await test.gate.state(profile: "emma") == .hardLocked)

        #expect(try await test.gate.unlock(profile: "emma", by: "mum"))
        #expect(try await test.gate.state(profile: "emma") == .child)
        guard case .passed = try await test.pass(try await test.begin("emma")) else {
            Issue.record("expected a pass after the unlock")
            return
        }
        let unlock = try await test.gate.auditEntries(AuditFilter(kinds: [.unlocked]), limit: 1000).items.first
        #expect(unlock?.event.actor == "mum")
        #expect(unlock?.event.details["wasHardLocked"] == "true")
    }

    @Test("unlock lifts a running lockout at once", arguments: Backend.allCases)
    func unlockLockout(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxFailedChallenges, to: "1")
        _ = try await test.fail(try await test.begin("emma"))
        #expect(try await test.gate.unlock(profile: "emma", by: "dad"))
        _ = try await test.begin("emma")
        #expect(try await test.gate.unlock(profile: "emma", by: "dad") == false)
    }

    @Test("a pass resets the failures in a row and the lockout level", arguments: Backend.allCases)
    func passResets(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        for _ in 0..<3 { _ = try await test.fail(try await test.begin("emma")) }
        guard case .lockedOut(let until) = try await test.gate.begin(profile: "emma") else {
            Issue.record("expected lockout 1")
            return
        }
        test.clock.set(to: until)
        for _ in 0..<2 { _ = try await test.fail(try await test.begin("emma")) }
        guard case .passed = try await test.pass(try await test.begin("emma")) else {
            Issue.record("expected a pass")
            return
        }
        for _ in 0..<2 { _ = try await test.fail(try await test.begin("emma")) }
        guard case .parent = try await test.gate.state(profile: "emma") else {
            Issue.record("two failures after a pass leave parent mode on, without a lockout")
            return
        }
        let third = try await test.fail(try await test.begin("emma"))
        #expect(third == .lockedOut(until: test.clock.now.addingTimeInterval(300)))
    }

    @Test("the quiet failureWindow's boundary: at exactly failureWindow after the last failure the count starts again; a millisecond before, it does not", arguments: Backend.allCases)
    func failureWindowBoundary(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.setPolicy([(.failureWindow, "1h"), (.minResponseTime, "0s")])
        for (profile, quiet, locks) in [("emma", 3600.0, false), ("liam", 3599.999, true)] {
            try await test.gate.addProfile(profile)
            for _ in 0..<2 { _ = try await test.fail(try await test.begin(profile)) }
            test.clock.set(to: test.clock.now.addingTimeInterval(quiet))
            // Begun and answered at that very moment: the third failure in a row, unless the count started again.
            let third = try await test.fail(try await test.begin(profile), after: .zero)
            if case .lockedOut = third { #expect(locks, "\(profile): \(third)") } else { #expect(!locks, "\(profile): \(third)") }
        }
    }

    @Test("a quiet failureWindow after the last failure (or lockout) starts the count again", arguments: Backend.allCases)
    func failureWindowResets(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.failureWindow, to: "1h")
        for _ in 0..<2 { _ = try await test.fail(try await test.begin("emma")) }
        test.advance(by: .seconds(3600))
        for _ in 0..<2 { _ = try await test.fail(try await test.begin("emma")) }
        #expect(try await test.gate.state(profile: "emma") == .child)
        guard case .lockedOut(let until) = try await test.fail(try await test.begin("emma")) else {
            Issue.record("expected a lockout on the third failure in a row")
            return
        }
        // The window counts from the end of the lockout: the next lockout is level 2 …
        test.clock.set(to: until.addingTimeInterval(3600 - 30))
        for _ in 0..<2 { _ = try await test.fail(try await test.begin("emma")) }
        let second = try await test.fail(try await test.begin("emma"))
        #expect(second == .lockedOut(until: test.clock.now.addingTimeInterval(600)))
        // … and a quiet hour after it brings the level back to 1.
        guard case .lockedOut(let secondUntil) = second else { Issue.record("the third failure did not lock: \(second)"); return }
        test.clock.set(to: secondUntil.addingTimeInterval(3600))
        for _ in 0..<2 { _ = try await test.fail(try await test.begin("emma")) }
        #expect(try await test.fail(try await test.begin("emma")) == .lockedOut(until: test.clock.now.addingTimeInterval(300)))
        #expect(try await test.auditKinds("emma").contains(.countersReset))
    }

    @Test("turning the clock back during a lockout lifts nothing, and is audited", arguments: Backend.allCases)
    func clockBackDuringLockout(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxFailedChallenges, to: "1")
        guard case .lockedOut(let until) = try await test.fail(try await test.begin("emma")) else {
            Issue.record("expected a lockout")
            return
        }
        let latest = test.clock.now
        test.clock.set(to: latest.addingTimeInterval(-86_400))
        #expect(try await test.gate.begin(profile: "emma") == .lockedOut(until: until))
        test.advance(by: .seconds(86_400 + 299))
        #expect(try await test.gate.begin(profile: "emma") == .lockedOut(until: until))
        let anomalies = try await test.gate.auditEntries(AuditFilter(kinds: [.clockAnomaly]), limit: 1000).items
        #expect(anomalies.count == 1)
        #expect(anomalies.first?.event.details["behindMs"] == "86400000")
        test.advance(by: .seconds(1))
        _ = try await test.begin("emma")
    }

    @Test("a clock turned back does not stretch a challenge's time either: answers count from the latest time seen", arguments: Backend.allCases)
    func clockBackDuringChallenge(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxWrongAnswers, to: "2")
        let challenge = try await test.begin("emma")
        #expect(try await test.fail(challenge, after: .seconds(31)) == .failed(.timedOut))
        let second = try await test.begin("emma")
        #expect(try await test.fail(second, after: .seconds(29)) == .wrong(triesLeft: 1, tooFast: false))
        test.clock.set(to: second.issuedAt.addingTimeInterval(2))
        let result = try await test.pass(second, after: .zero)
        guard case .passed = result else {
            Issue.record("the latest time seen was within the deadline: expected a pass, got \(result)")
            return
        }
        let third = try await test.begin("emma")
        #expect(third.issuedAt == second.issuedAt.addingTimeInterval(29))
        #expect(try await test.fail(third, after: .seconds(27)) == .wrong(triesLeft: 1, tooFast: true))
        #expect(try await test.fail(third, after: .seconds(31)) == .failed(.timedOut))
    }

    @Test("replaying an answer to an ended challenge is refused and audited", arguments: Backend.allCases)
    func replay(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let challenge = try await test.begin("emma")
        guard case .passed = try await test.pass(challenge) else {
            Issue.record("expected a pass")
            return
        }
        #expect(try await test.pass(challenge) == .alreadyEnded(.passed))
        #expect(try await test.gate.cancel(challenge: challenge.id) == .alreadyEnded(.passed))
        #expect(try await test.auditKinds("emma").last == .replayRefused)
        await #expect(throws: GateError.self) {
            try await test.gate.answer(challenge: .random(), value: 1)
        }
    }

    @Test("a disabled profile refuses everything", arguments: Backend.allCases)
    func disabledRefuses(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let challenge = try await test.begin("emma")
        try await test.gate.setProfileEnabled("emma", false, by: "mum")
        #expect(try await test.gate.begin(profile: "emma") == .disabled)
        #expect(try await test.pass(challenge) == .disabled)
        #expect(try await test.gate.state(profile: "emma") == .disabled)
        try await test.gate.setProfileEnabled("emma", true, by: "mum")
        _ = try await test.begin("emma")
    }

    @Test("an unknown profile is not found", arguments: Backend.allCases)
    func unknownProfile(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        await #expect(throws: GateError.notFound(.profile("nobody"))) {
            try await test.gate.begin(profile: "nobody")
        }
    }

    @Test("the events stream announces issue, wrong answer, failure, lockout, unlock and pass", arguments: Backend.allCases)
    func events(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxWrongAnswers, to: "2")
        try await test.gate.setPolicy(.maxFailedChallenges, to: "1")
        let stream = test.gate.events()
        let challenge = try await test.begin("emma")
        _ = try await test.fail(challenge)
        let lockout = try await test.fail(challenge)
        try await test.gate.unlock(profile: "emma", by: "mum")
        let second = try await test.begin("emma")
        guard case .lockedOut(let until) = lockout, case .passed(let pass) = try await test.pass(second) else {
            Issue.record("unexpected results")
            return
        }
        // Everything was published before this point: end the stream, so that a missing
        // notification fails the test instead of hanging it, and an extra one shows.
        test.gate.hub.finish()
        var received: [GateNotification] = []
        for await notification in stream {
            received.append(notification)
        }
        #expect(received == [
            .challengeIssued(profile: "emma", challenge: challenge.id),
            .wrongAnswer(profile: "emma", triesLeft: 1),
            .failed(profile: "emma", reason: .tooManyWrongAnswers),
            .lockedOut(profile: "emma", until: until),
            .unlocked(profile: "emma", by: "mum"),
            .challengeIssued(profile: "emma", challenge: second.id),
            .passed(profile: "emma", until: pass.until),
        ])
    }

    @Test("every operation leaves the audit chain intact", arguments: Backend.allCases)
    func auditChainStaysIntact(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        for _ in 0..<3 { _ = try await test.fail(try await test.begin("emma")) }
        try await test.gate.unlock(profile: "emma", by: "mum")
        _ = try await test.pass(try await test.begin("emma"))
        let report = try await test.gate.verifyAudit()
        #expect(report.isIntact)
        #expect(report.checked == (try await test.audit().count))
    }

    @Test("a clock once read far ahead cannot freeze the gate: an adult's unlock takes the clock as it is", arguments: Backend.allCases)
    func forwardJumpUndoneByUnlock(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let realNow = test.clock.now
        test.clock.set(to: realNow.addingTimeInterval(365 * 86_400))
        _ = try await test.gate.begin(profile: "emma")  // a write: the store keeps the reading
        test.clock.set(to: realNow)
        try await test.gate.unlock(profile: "emma", by: "mum")
        let challenge = try await test.begin("emma")
        #expect(challenge.issuedAt == realNow)
        guard case .passed = try await test.pass(challenge, after: .seconds(5)) else {
            Issue.record("a right answer after 5 s should pass once the clock is reset")
            return
        }
        let unlock = try await test.gate.auditEntries(AuditFilter(kinds: [.unlocked]), limit: 1000).items.last
        #expect(unlock?.event.details["clockResetTo"] == String(realNow.millisecondsSince1970))
    }

    @Test("a look at the gate writes nothing unless it settles something (a timed-out challenge)", arguments: Backend.allCases)
    func stateChecksStayReads(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let issued = try await test.begin("emma")
        let latestSeen = { () async throws -> Date? in
            let id = try await test.gate.profile(named: "emma").id
            return try await test.gate.storage.read { try $0.gateCounters(profileID: id) }.latestSeenAt
        }
        let auditCount = try await test.audit().count
        test.advance(by: .seconds(10))
        #expect(try await test.gate.state(profile: "emma") == .verifying(issued))
        #expect(try await latestSeen() == issued.issuedAt)
        #expect(try await test.audit().count == auditCount)

        test.advance(by: .seconds(60))  // past the deadline: the check settles the timeout, in a write
        #expect(try await test.gate.state(profile: "emma") == .child)
        #expect(try await latestSeen() == test.clock.now)
        #expect(try await test.auditKinds("emma").suffix(1) == [.challengeTimedOut])
    }

    @Test("answers to a disabled profile are refused and audited; disabling ends its open challenge without a failure", arguments: Backend.allCases)
    func disabledAnswersAudited(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxFailedChallenges, to: "1")
        let challenge = try await test.begin("emma")
        try await test.gate.setProfileEnabled("emma", false, by: "mum")
        #expect(try await test.pass(challenge) == .disabled)
        let kinds = try await test.auditKinds("emma")
        #expect(kinds.suffix(3) == [.profileDisabled, .challengeCancelled, .answerRefused])
        try await test.gate.setProfileEnabled("emma", true, by: "mum")
        #expect(try await test.gate.state(profile: "emma") == .child)
        _ = try await test.begin("emma")
    }

    @Test("a timeout fails at its deadline: one long forgotten behind a quiet failureWindow leaves no failure count", arguments: Backend.allCases)
    func timeoutCountsAtDeadline(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.failureWindow, to: "1h")
        for _ in 0..<2 { _ = try await test.fail(try await test.begin("emma")) }
        _ = try await test.begin("emma")
        test.advance(by: .seconds(2 * 3600))
        #expect(try await test.gate.state(profile: "emma") == .child)
        for _ in 0..<2 { _ = try await test.fail(try await test.begin("emma")) }
        #expect(try await test.gate.state(profile: "emma") == .child, "three failures, but not in a row within the window")
    }

    @Test("concurrent operations read the clock under the write lock, so a steady clock never looks turned back")
    func clockReadInsideTheTransaction() async throws {
        let ticks = TickingClock()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gate-ticks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gate = try Gate(database: .file(directory.appendingPathComponent("gate.sqlite").path), timeSource: TimeSource { ticks.next() })
        try await gate.addProfile("emma")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask { _ = try await gate.state(profile: "emma") }
            }
            try await group.waitForAll()
        }
        #expect(try await gate.auditEntries(AuditFilter(kinds: [.clockAnomaly]), limit: 1000).items.isEmpty)
    }
}

/// A clock that moves on by one millisecond at every reading: a steady, always-forward clock.
final class TickingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    func next() -> Date {
        lock.withLock {
            current = current.addingTimeInterval(0.001)
            return current
        }
    }
}
