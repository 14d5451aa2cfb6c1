import Foundation
import GateCore
@_spi(Fixtures) import ParentalGate

/// The benchmarks' audit databases, made in large transactions (``FixtureStore``).
enum AuditFixtureSeeder {
    /// Fills the new database at `path` with `attempts` attempts, one every `interval` from
    /// `start`, round-robin over `profiles`: each a full challenge as the gate records it
    /// (issued, answered, passed four times in five or failed, with the parent mode a pass
    /// opens).
    static func seed(
        path: String, profiles: [String], attempts: Int, start: Date, interval: TimeInterval
    ) async throws {
        let store = try FixtureStore(path: path, now: start)
        let ids = try await store.write { transaction in
            try profiles.map { name in try transaction.addProfile(name, by: "bench", at: start) }
        }
        let batch = 5_000
        for first in stride(from: 0, to: attempts, by: batch) {
            try await store.write { transaction in
                for index in first..<min(first + batch, attempts) {
                    let time = start.addingTimeInterval(Double(index) * interval)
                    let answeredAt = time.addingTimeInterval(4)
                    let profileID = ids[index % ids.count]
                    let right = index % 5 != 0
                    let challenge = Challenge(
                        id: .random(), profileID: profileID, prompt: "What is seven times eight?", locale: .english,
                        format: .entry, choices: nil, issuedAt: time, deadline: time.addingTimeInterval(30))
                    try transaction.insertChallenge(
                        IssuedChallenge(
                            challenge: challenge, origin: .arithmetic, answer: 56, maxWrongAnswers: 1,
                            minResponseTime: .milliseconds(1500), client: "tablet"),
                        at: time)
                    try transaction.recordAttempt(
                        challenge: challenge.id, value: right ? 56 : 54, outcome: right ? .correct : .wrong,
                        responseTime: .seconds(4), client: "tablet", at: answeredAt)
                    try transaction.endChallenge(challenge.id, as: right ? .passed : .failed, at: answeredAt)
                    if right {
                        try transaction.openSession(
                            profileID: profileID, challengeID: challenge.id,
                            expiresAt: answeredAt.addingTimeInterval(5 * interval), at: answeredAt)
                    }
                }
            }
        }
    }
}
