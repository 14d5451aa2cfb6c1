import Foundation
import GateCore
import GatePostgres
import ParentalGate
import PostgresTesting
import Testing
import TestSlots

/// What the PostgreSQL store lets its driver log.
@Suite("The PostgreSQL store's log", .boundedConcurrency)
struct PostgresLogTests {
    @Test("a daemon logging at trace still gets nothing below debug from postgres-nio, which would trace every message with the server (an open challenge's answer among them)")
    func noTraceFromTheDriver() async throws {
        let database = try PostgresDatabase("pg-log")
        defer { database.stop() }
        let log = CapturedLog()
        let clock = ManualClock()
        let store = try await database.store(clock: clock, logger: log.logger(level: .trace))
        defer { try? store.close() }
        let gate = Gate(storage: store, timeSource: .manual(clock), random: .seeded(3))
        try await gate.addProfile("emma")
        guard case .challenge(let challenge) = try await gate.begin(profile: "emma") else {
            Issue.record("no challenge")
            return
        }
        _ = try await gate.storedAnswer(of: challenge.id)
        let traced = log.lines.filter { $0.level < .debug }.count
        #expect(traced == 0, "lines below debug: \(traced)")
    }
}
