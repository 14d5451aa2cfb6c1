import Foundation
import GatePostgres
import ParentalGate
import ParentalGateTesting
import PostgresTesting
import Testing
import TestSlots

/// Where a test's gate keeps its data: the tests that are not about one backend run on both
/// (issue 29's conformance suite), PostgreSQL on a server of the test's own.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A new gate on this backend, its clock manual, its questions drawn from `seed`;
    /// ``BackendGate/remove()`` deletes what it made.
    func gate(seed: UInt64 = 1) async throws -> BackendGate {
        switch self {
        case .sqlite:
            return BackendGate(test: try TestGate.onFile(seed: seed), database: nil, store: nil)
        case .postgres:
            let database = try PostgresDatabase("backend")
            do {
                let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
                let store = try await database.store(clock: clock)
                let gate = Gate(storage: store, timeSource: .manual(clock), random: .seeded(seed))
                return BackendGate(test: TestGate(gate: gate, clock: clock), database: database, store: store)
            } catch {
                database.stop()
                throw error
            }
        }
    }
}

/// A ``TestGate`` on one of the backends, and what it stands on.
struct BackendGate: Sendable {
    let test: TestGate
    let database: PostgresDatabase?
    let store: PostgresStore?

    var gate: Gate { test.gate }

    /// Deletes the file, or closes the store and stops the server.
    func remove() {
        test.remove()
        try? store?.close()
        database?.stop()
    }
}
