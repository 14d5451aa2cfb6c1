import Foundation
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// An embedder may open two gates on one file in one process. SQLite's locks belong to the
/// process, and closing any descriptor of the file drops them all: the second gate must not
/// read the file's header with open and close, or another process coming and going (gatectl,
/// sqlite3) takes itself for the last connection and empties the log under the first gate.
@Suite("Two gates on one file in one process", .boundedConcurrency)
struct TwoGatesOneFileTests {
    @Test("a second gate opened on the file, then another process opens and closes it: both gates go on reading and writing")
    func anotherProcessComesAndGoes() async throws {
        let test = try TestGate.onFile()
        defer { test.remove() }
        try await test.gate.addProfile("emma")
        let second = try Gate(database: test.database, timeSource: .manual(test.clock))
        try await second.addProfile("liam")
        // sqlite3 takes the write lock and lets go, as a backup tool or a person would.
        try HeldWriteLock(test.directory.appendingPathComponent("gate.sqlite").path).release()
        #expect(try await test.gate.profiles().map(\.name) == ["emma", "liam"])
        try await test.gate.addProfile("mia")
        #expect(try await second.profiles().map(\.name) == ["emma", "liam", "mia"])
        try await second.addProfile("noah")
        #expect(try await test.gate.verifyAudit().isIntact)
    }

    @Test("a second gate opened and closed again leaves the first one's locks: another process coming and going does not empty the log under it")
    func countedWhileOpen() async throws {
        let test = try TestGate.onFile()
        defer { test.remove() }
        let path = test.directory.appendingPathComponent("gate.sqlite").path
        let second = try Gate(database: test.database, timeSource: .manual(test.clock))
        try second.close()
        try HeldWriteLock(path).release()
        try await test.gate.addProfile("emma")
        #expect(try await test.gate.profiles().map(\.name) == ["emma"])
    }
}
