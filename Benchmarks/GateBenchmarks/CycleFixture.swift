import Foundation
import ParentalGate

/// A gate on a WAL file database with one profile whose every challenge asks a stored
/// question with a known answer, so a cycle is begin + the right answer.
///
/// The question set stands in for the arithmetic generator only so the benchmark knows the
/// answer without reading it back; the policy lets an immediate answer count (no minimum
/// response time).
struct CycleFixture: Sendable {
    static let profile = "emma"
    static let answer = 42

    let gate: Gate
    let path: String

    init(directory: URL) async throws {
        path = directory.appendingPathComponent("gate.sqlite").path
        gate = try Gate(database: .file(path))
        try await gate.addProfile(Self.profile, by: "bench")
        try await gate.importQuestions(
            [Question(prompt: "What is 6 × 7?", answer: Self.answer)], set: "bench", locale: "en", by: "bench")
        try await gate.setPolicy(.questionSource, to: "questionSet:bench", by: "bench")
        try await gate.setPolicy(.minResponseTime, to: "0s", by: "bench")
    }

    /// One begin + right answer; fails unless the gate issued a challenge and let it pass.
    func cycle() async throws {
        guard case .challenge(let challenge) = try await gate.begin(profile: Self.profile) else {
            throw BenchError("begin did not issue a challenge")
        }
        guard case .passed = try await gate.answer(challenge: challenge.id, value: Self.answer) else {
            throw BenchError("the right answer did not pass")
        }
    }
}
