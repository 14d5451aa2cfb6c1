import Foundation
@testable import GateStore
@testable import ParentalGate
import Testing

/// A gate on a fresh SQLite file with a manual clock and seeded randomness.
struct TestGate {
    let directory: URL
    let gate: Gate
    let clock: ManualClock

    /// A gate on a new file in a new folder under `base`.
    init(seed: UInt64 = 1, inMemory: Bool = false, under base: URL = FileManager.default.temporaryDirectory) throws {
        directory = base.appendingPathComponent("gate-service-\(UUID().uuidString)")
        clock = ManualClock()
        let location: DatabaseLocation = inMemory ? .inMemory : .file(directory.appendingPathComponent("gate.sqlite").path)
        gate = try Gate(database: location, timeSource: .manual(clock), random: .seeded(seed))
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Advances the clock by `seconds`.
    func wait(_ seconds: Double) {
        clock.advance(by: .milliseconds(Int64(seconds * 1000)))
    }

    /// Begins a challenge and expects one to be issued.
    func begin(_ profile: String) async throws -> Challenge {
        let result = try await gate.begin(profile: profile, client: "tests")
        guard case .challenge(let challenge) = result else {
            Issue.record("expected a challenge, got \(result)")
            throw GateError.conflict("no challenge")
        }
        return challenge
    }

    /// Begins a challenge after an unlock, so that the abandoned ones before it never add
    /// up to a lockout: for tests that only look at the questions.
    func freshChallenge(_ profile: String) async throws -> Challenge {
        try await gate.unlock(profile: profile, by: "tests")
        return try await begin(profile)
    }

    /// The right answer of `challenge`, read from the store (clients never get it).
    func answer(of challenge: Challenge) async throws -> Int {
        let id = challenge.id
        let stored = try await gate.store.read { try $0.challenge(id: id) }
        return try #require(stored).issued.answer
    }

    /// Answers `challenge` right after a human pause.
    func pass(_ challenge: Challenge, after seconds: Double = 3) async throws -> AnswerResult {
        wait(seconds)
        return try await gate.answer(challenge: challenge.id, value: try await answer(of: challenge), client: "tests")
    }

    /// Answers `challenge` wrong after a human pause.
    func fail(_ challenge: Challenge, after seconds: Double = 3) async throws -> AnswerResult {
        wait(seconds)
        return try await gate.answer(challenge: challenge.id, value: try await answer(of: challenge) + 1, client: "tests")
    }

    /// The kinds of the audit records of `profile`, in order.
    func auditKinds(_ profile: String) async throws -> [AuditEventKind] {
        let id = try await gate.profile(named: profile).id
        return try await gate.auditEntries(AuditFilter(profileID: id, limit: 10_000)).map(\.event.kind)
    }

    /// The whole audit log.
    func audit() async throws -> [AuditEntry] {
        try await gate.auditEntries(AuditFilter(limit: 100_000))
    }
}
