import Foundation
@testable import ParentalGate
import Testing
import TestSlots

/// An SQLite file is one household, `home`: households are kept on PostgreSQL.
@Suite("An SQLite file is one household", .boundedConcurrency)
struct OneHouseholdFileTests {
    @Test("a file opens as home and as no other household, lists home alone, and refuses to add, rename or remove one, changing nothing")
    func fileIsHome() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-household-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gate.sqlite").path
        let gate = try Gate(database: .file(path), household: "home")
        defer { try? gate.close() }
        try await gate.addProfile("emma")
        #expect(gate.household == "home")
        #expect(try await gate.households().map(\.name) == ["home"])
        #expect(try await gate.inHousehold("home").profiles().map(\.name) == ["emma"])
        await #expect(throws: GateError.notFound(.family("smiths"))) { _ = try await gate.inHousehold("smiths") }
        #expect(throws: GateError.notFound(.family("smiths"))) { _ = try Gate(database: .file(path), household: "smiths") }
        for change in [
            { try await gate.addHousehold("smiths") } as @Sendable () async throws -> Void,
            { try await gate.renameHousehold("home", to: "smiths") },
            { try await gate.removeHousehold("home") },
        ] {
            do {
                try await change()
                Issue.record("a file took a household change")
            } catch let error as GateError {
                #expect("\(error)".contains("is an SQLite file, which holds one household, 'home'"), "\(error)")
            }
        }
        await #expect(throws: GateError.invalidInput(.malformedFamilyName("Smiths"))) { try await gate.addHousehold("Smiths") }
        #expect(try await gate.verifyAudit().checked == 1)
    }
}
