import Foundation
import GateCore
import GatePostgres
import GateStore
import ParentalGate
import PostgresTesting
import Testing
import TestSlots

/// A parent's code on one PostgreSQL database served by two daemons.
@Suite("Parents' codes on PostgreSQL", .boundedConcurrency)
struct PostgresParentCodeTests {
    @Test("two daemons, 8 tasks typing one code at once: it opens once; the other tries are refused as used and counted; the chain verifies")
    func twoDaemonsOneCode() async throws {
        let database = try PostgresDatabase("pg-code")
        defer { database.stop() }
        let clock = ManualClock()
        let (gates, stores) = try await database.daemons(2, clock: clock, seed: 1)
        defer { for store in stores { try? store.close() } }
        try await gates[0].addProfile("emma")
        try await gates[0].setPolicy([(.maxFailedChallenges, "100")])
        let added = try await gates[1].addParentCode(named: "mum")
        let secret = try #require(Base32.decode(added.secret))
        let code = OneTimeCode.code(secret: secret, step: OneTimeCode.step(at: clock.now))
        let results = try await withThrowingTaskGroup(of: ParentCodeResult.self) { group in
            for task in 0..<8 {
                let gate = gates[task % 2]
                group.addTask { try await gate.enterParentCode(profile: "emma", code: code) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { if case .opened = $0 { true } else { false } }.count == 1, "\(results)")
        #expect(results.filter { $0 == .wrong }.count == 7)
        let counts = try await stores[0].read { try $0.auditCounts(of: [.parentCodeAccepted, .parentCodeWrong]) }
        #expect(counts[.parentCodeAccepted] == 1)
        #expect(counts[.parentCodeWrong] == 7)
        #expect(try await gates[0].parentCodes().first?.lastUsedAt == clock.now)
        #expect(try await gates[1].verifyAudit().isIntact)
    }
}
