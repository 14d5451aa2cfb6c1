import Foundation
@testable import GateStore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// Many tasks of one process on one gate at once: SPEC rule 1, "never let more wrong answers
/// through than the policy allows"; on each backend (an SQLite file, PostgreSQL).
@Suite("Races between tasks of one process", .boundedConcurrency)
struct ConcurrencyTests {
    @Test("50 wrong answers to one challenge at once: exactly maxWrongAnswers count, one failure, one lockout", arguments: Backend.allCases)
    func concurrentWrongAnswers(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy([(.maxWrongAnswers, "5"), (.maxFailedChallenges, "1")])
        let challenge = try await test.begin("emma")
        test.advance(by: .seconds(3))
        let gate = test.gate
        let results = try await withThrowingTaskGroup(of: AnswerResult.self) { group in
            for value in 0..<50 {
                group.addTask { try await gate.answer(challenge: challenge.id, value: 1000 + value) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let wrong = results.filter { if case .wrong = $0 { true } else { false } }
        let locked = results.filter { if case .lockedOut = $0 { true } else { false } }
        let refused = results.filter { $0 == .alreadyEnded(.failed) }
        #expect(wrong.count == 4)
        #expect(locked.count == 1)
        #expect(refused.count == 45)
        let outcomes = try await test.gate.attempts(AttemptFilter(), limit: 100).items.map(\.outcome)
        #expect(outcomes.filter { $0 == .wrong }.count == 5)
        // The replays are one run: the first kept as an attempt, all 45 counted in one audit record.
        #expect(outcomes.filter { $0 == .replay }.count == 1)
        let replays = try await test.gate.auditEntries(AuditFilter(kinds: [.replayRefused]), limit: 1000).items
        #expect(replays.map(\.count) == [45])
        let lockouts = try await test.gate.auditEntries(AuditFilter(kinds: [.lockoutStarted, .challengeFailed]), limit: 1000).items
        #expect(lockouts.map(\.event.kind) == [.challengeFailed, .lockoutStarted])
        #expect(try await test.gate.verifyAudit().isIntact)
    }

    @Test("30 begins at once leave exactly one open challenge; the others are abandoned, each once", arguments: Backend.allCases)
    func concurrentBegins(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxFailedChallenges, to: "100")
        let gate = test.gate
        let results = try await withThrowingTaskGroup(of: BeginResult.self) { group in
            for _ in 0..<30 { group.addTask { try await gate.begin(profile: "emma") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { if case .challenge = $0 { true } else { false } })
        let open = try await test.gate.storage.read { try $0.openChallenge(profileID: 1) }
        #expect(open != nil)
        let kinds = try await test.auditKinds("emma")
        #expect(kinds.filter { $0 == .challengeIssued }.count == 30)
        #expect(kinds.filter { $0 == .challengeAbandoned }.count == 29)
        #expect(try await test.gate.storage.read { try $0.gateCounters(profileID: 1).failuresInRow } == 29)
    }

    @Test("20 right answers to one challenge at once: one pass, one parent session", arguments: Backend.allCases)
    func concurrentPasses(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let challenge = try await test.begin("emma")
        let answer = try await test.rightAnswer(to: challenge)
        test.advance(by: .seconds(3))
        let gate = test.gate
        let results = try await withThrowingTaskGroup(of: AnswerResult.self) { group in
            for _ in 0..<20 { group.addTask { try await gate.answer(challenge: challenge.id, value: answer) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { if case .passed = $0 { true } else { false } }.count == 1)
        #expect(results.filter { $0 == .alreadyEnded(.passed) }.count == 19)
        #expect(try await test.gate.auditEntries(AuditFilter(kinds: [.sessionOpened]), limit: 1000).items.count == 1)
    }

    @Test("unlocks racing wrong answers leave consistent counters and an intact chain", arguments: Backend.allCases)
    func unlockRacingAnswers(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxFailedChallenges, to: "2")
        let gate = test.gate
        let clock = test.clock
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for round in 0..<10 {
                        if (worker + round).isMultiple(of: 3) {
                            try await gate.unlock(profile: "emma", by: "mum")
                        } else if case .challenge(let challenge) = try await gate.begin(profile: "emma") {
                            clock.advance(by: .seconds(2))
                            _ = try await gate.answer(challenge: challenge.id, value: -1)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let counters = try await test.gate.storage.read { try $0.gateCounters(profileID: 1) }
        #expect(counters.failuresInRow < 2)
        #expect(counters.lockoutLevel >= 0)
        let kinds = try await test.auditKinds("emma")
        // Every lockout follows a failure that reached the limit: replay the log's counts.
        var failures = 0
        for kind in kinds {
            switch kind {
            case .challengeFailed, .challengeAbandoned, .challengeTimedOut, .challengeCancelled: failures += 1
            case .lockoutStarted:
                #expect(failures == 2)
                failures = 0
            case .unlocked, .challengePassed, .countersReset: failures = 0
            default: break
            }
            #expect(failures <= 2)
        }
        #expect(try await test.gate.verifyAudit().isIntact)
        if backend == .sqlite { #expect(try await test.gate.integrityProblems().isEmpty) }
    }
}
