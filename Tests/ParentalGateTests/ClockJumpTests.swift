import Foundation
@testable import ParentalGate
import Testing
import TestSlots

/// The system clock with an offset a test moves: the system time source jumping back and forward.
final class JumpingSystemClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    var timeSource: TimeSource { TimeSource { [self] in Date().addingTimeInterval(lock.withLock { offset }) } }

    func jump(by seconds: TimeInterval) {
        lock.withLock { offset += seconds }
    }
}

@Suite("The system clock jumping", .boundedConcurrency)
struct ClockJumpTests {
    @Test("jumps back by hours and days lift no lockout, end no challenge twice, and are each audited")
    func backwardJumps() async throws {
        let clock = JumpingSystemClock()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gate-jumps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gate = try Gate(database: .file(directory.appendingPathComponent("gate.sqlite").path), timeSource: clock.timeSource)
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.maxFailedChallenges, "1"), (.minResponseTime, "0s")])
        guard case .challenge(let challenge) = try await gate.begin(profile: "emma") else {
            Issue.record("no challenge")
            return
        }
        guard case .lockedOut(let until) = try await gate.answer(challenge: challenge.id, value: -1) else {
            Issue.record("expected a lockout")
            return
        }
        for jump in [-3 * 3600.0, -2 * 86_400.0, -30.0] {
            clock.jump(by: jump)
            #expect(try await gate.begin(profile: "emma") == .lockedOut(until: until))
            #expect(try await gate.answer(challenge: challenge.id, value: -1) == .alreadyEnded(.failed))
        }
        // Six anomalies while the clock stayed behind the same latest time: one record, counted.
        let anomalies = try await gate.auditEntries(AuditFilter(kinds: [.clockAnomaly]), limit: 1000).items
        #expect(anomalies.map(\.count) == [6])
        #expect(try await gate.verifyAudit().isIntact)
        let ends = try await gate.auditEntries(AuditFilter(kinds: [.challengeFailed, .challengeTimedOut, .challengePassed]), limit: 1000).items
        #expect(ends.count == 1, "the challenge ended exactly once")
    }

    @Test("a jump forward ends a lockout early (documented), but jumping back afterwards lifts nothing more")
    func forwardJump() async throws {
        let clock = JumpingSystemClock()
        let gate = try Gate(database: .inMemory, timeSource: clock.timeSource)
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.maxFailedChallenges, "1"), (.minResponseTime, "0s"), (.lockout, "1h"), (.maxLockout, "1d")])
        guard case .challenge(let first) = try await gate.begin(profile: "emma"),
              case .lockedOut = try await gate.answer(challenge: first.id, value: -1)
        else {
            Issue.record("expected a lockout")
            return
        }
        clock.jump(by: 2 * 3600)
        guard case .challenge(let second) = try await gate.begin(profile: "emma") else {
            Issue.record("a forward jump past the lockout's end lets a challenge begin")
            return
        }
        guard case .lockedOut(let until) = try await gate.answer(challenge: second.id, value: -1) else {
            Issue.record("expected the second lockout")
            return
        }
        clock.jump(by: -2 * 3600)
        #expect(try await gate.begin(profile: "emma") == .lockedOut(until: until))
        #expect(until.timeIntervalSince(second.issuedAt) >= 2 * 3600, "the second lockout doubled, from the jumped time")
    }
}
