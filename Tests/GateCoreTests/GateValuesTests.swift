import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("Gate values", .boundedConcurrency)
struct GateValuesTests {
    @Test("every end but a pass counts as a failed challenge")
    func countsAsFailure() {
        #expect(!ChallengeStatus.open.countsAsFailure)
        #expect(!ChallengeStatus.passed.countsAsFailure)
        #expect(ChallengeStatus.failed.countsAsFailure)
        #expect(ChallengeStatus.timedOut.countsAsFailure)
        #expect(ChallengeStatus.cancelled.countsAsFailure)
        #expect(ChallengeStatus.abandoned.countsAsFailure)
        #expect(ChallengeStatus.allCases.filter(\.countsAsFailure).count == 4)
    }

    @Test("statuses and outcomes have stable names")
    func rawValues() {
        #expect(ChallengeStatus.allCases.map(\.rawValue) == ["open", "passed", "failed", "timedOut", "cancelled", "abandoned"])
        #expect(AnswerOutcome.allCases.map(\.rawValue) == ["correct", "wrong", "tooFast", "late", "replay"])
        #expect(AnswerFormat.allCases.map(\.rawValue) == ["entry", "choice", "drag"])
        #expect(Difficulty.allCases.map(\.rawValue) == ["easy", "standard", "hard"])
        #expect(Set(AuditEventKind.allCases.map(\.rawValue)).count == AuditEventKind.allCases.count)
    }

    @Test("a parent session is live from its opening until it expires or is ended")
    func parentSessionLiveness() {
        let opened = Date(timeIntervalSince1970: 1_800_000_000)
        let expires = opened.adding(.seconds(600))
        let session = ParentSession(id: 1, profileID: 2, challengeID: nil, openedAt: opened, expiresAt: expires, endedAt: nil)
        #expect(session.isLive(at: opened))
        #expect(session.isLive(at: expires.adding(.milliseconds(-1))))
        #expect(!session.isLive(at: expires))
        #expect(!session.isLive(at: expires.adding(.seconds(1))))

        var ended = session
        ended.endedAt = opened.adding(.seconds(60))
        #expect(!ended.isLive(at: opened.adding(.seconds(30))))
        #expect(!ended.isLive(at: opened.adding(.seconds(90))))
    }

    @Test("a new profile's counters are all clear")
    func initialCounters() {
        let counters = GateCounters.initial
        #expect(counters.failuresInRow == 0)
        #expect(counters.lastFailureAt == nil)
        #expect(counters.lockoutLevel == 0)
        #expect(counters.lockedUntil == nil)
        #expect(!counters.isHardLocked)
        #expect(counters.latestSeenAt == nil)
        #expect(counters == GateCounters())
    }

    @Test("a stored challenge exposes its challenge's id and profile")
    func storedChallenge() throws {
        let id = ChallengeID.random()
        let issuedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let challenge = Challenge(
            id: id, profileID: 7, prompt: "What is seven times eight?", locale: .english, format: .entry, choices: nil,
            issuedAt: issuedAt, deadline: issuedAt.adding(.seconds(30)))
        let issued = IssuedChallenge(
            challenge: challenge, origin: .arithmetic, answer: 56, maxWrongAnswers: 1, minResponseTime: .milliseconds(1_500),
            client: "test")
        let stored = StoredChallenge(issued: issued, status: .open, wrongAnswers: 0, endedAt: nil)
        #expect(stored.id == id)
        #expect(stored.profileID == 7)
        #expect(stored.issued.answer == 56)
    }
}
