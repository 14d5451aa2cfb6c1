import Foundation
import ParentalGate
import Testing

@Suite("The README's embedding example")
struct ReadmeExampleTests {
    @Test("runs as written and gives what the README says")
    func embedding() async throws {
        let gate = try Gate(database: .inMemory, timeSource: .manual(ManualClock()))

        try await gate.addProfile("emma", displayName: "Emma", locale: "ru-RU", by: "mum")
        try await gate.setPolicy(.maxWrongAnswers, to: "2", by: "mum")
        try await gate.setPolicy(.lockout, to: "10m", for: "emma", by: "mum")

        let policy = try await gate.policy(for: "emma")
        #expect(policy.policy.lockout == .seconds(600))
        #expect(policy.source(of: .lockout) == .profile)
        #expect(policy.policy.maxWrongAnswers == 2)
        #expect(policy.source(of: .maxWrongAnswers) == .household)
        #expect(try await gate.verifyAudit().description == "audit chain intact: 3 records (1...3)")
    }

    @Test("bad input is a GateError with one line, and nothing is written")
    func badInput() async throws {
        let gate = try Gate(database: .inMemory)
        await #expect(throws: GateError.invalidInput(.unknownLanguage("xx"))) {
            try await gate.addProfile("emma", locale: "xx")
        }
        await #expect(throws: GateError.self) { try await gate.setPolicy(.lockout, to: "5 minutes") }
        await #expect(throws: GateError.notFound("no profile named 'liam'")) { try await gate.policy(for: "liam") }
        try await gate.addProfile("emma")
        await #expect(throws: GateError.conflict("a profile named 'emma' already exists (names are compared ignoring case)")) {
            try await gate.addProfile("EMMA")
        }
        #expect(try await gate.profiles().map(\.name) == ["emma"])
        #expect(try await gate.auditEntries().count == 1)
    }
}
