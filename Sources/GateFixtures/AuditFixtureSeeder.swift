import Foundation
import GateStore
import ParentalGate

/// Databases for the benchmarks (`Benchmarks/`, a package of its own): made through the
/// store in large transactions, which the service's public API, one operation a
/// transaction, cannot do at a million attempts.
public enum AuditFixtureSeeder {
    /// Fills the new database at `path` with `attempts` attempts, one every `interval` from
    /// `start`, round-robin over `profiles`: each a full challenge as the gate records it
    /// (issued, answered, passed four times in five or failed, with the parent mode a pass
    /// opens).
    public static func seed(
        path: String, profiles: [String], attempts: Int, start: Date, interval: TimeInterval
    ) async throws {
        let store = try GateStore(.file(path), timeSource: TimeSource { start })
        let actor = try Label("bench", what: "actor")
        let ids = try await store.write { transaction in
            try profiles.map { name in
                try transaction.addProfile(name: ProfileName(name), locale: .english, by: actor, at: start).id
            }
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
                        _ = try transaction.openSession(
                            profileID: profileID, challengeID: challenge.id,
                            expiresAt: answeredAt.addingTimeInterval(5 * interval), at: answeredAt)
                    }
                }
            }
        }
    }
}
