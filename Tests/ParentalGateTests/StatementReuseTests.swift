import Foundation
@testable import GateStore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// The gate cycle's statements are compiled once per connection and reused: none has a plan
/// that depends on a value bound to it, which SQLite would compile again at every step.
@Suite("Statements compiled once", .boundedConcurrency)
struct StatementReuseTests {
    @Test("gate cycles (begin, a pass, the session ended) compile none of their statements again")
    func noRecompiling() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statements-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let test = try TestGate(database: .file(directory.appendingPathComponent("gate.sqlite").path))
        try await test.gate.addProfile("emma")
        for _ in 0..<3 {
            let challenge = try await test.begin("emma")
            guard case .passed = try await test.pass(challenge) else {
                Issue.record("the right answer did not pass")
                return
            }
            #expect(try await test.gate.endSession(profile: "emma"))
        }
        let store = try #require(test.gate.storage as? GateStore)
        #expect(try await store.statementsCompiledAgain() == 0)
    }
}
