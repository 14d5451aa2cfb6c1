import Foundation
import GatePostgres
import ParentalGate
import ParentalGateTesting
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
            return BackendGate(test: try TestGate.onFile(seed: seed), cluster: nil, store: nil)
        case .postgres:
            let cluster = try PostgresCluster.start(name: "backend")
            do {
                let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
                // The key every daemon would share: webhooks and approval links need it.
                let key = cluster.folder.appendingPathComponent("notify-key").path
                try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: key))
                chmod(key, 0o600)
                let store = try await PostgresStore(
                    configuration: .init(
                        unixSocketPath: cluster.socketPath, username: PostgresCluster.superuser, password: nil, database: "postgres"),
                    name: "postgres (test)", clock: .daemon, keyFile: key, timeSource: .manual(clock))
                let gate = Gate(storage: store, timeSource: .manual(clock), random: .seeded(seed))
                return BackendGate(test: TestGate(gate: gate, clock: clock), cluster: cluster, store: store)
            } catch {
                try? cluster.stop()
                throw error
            }
        }
    }
}

/// A ``TestGate`` on one of the backends, and what it stands on.
struct BackendGate: Sendable {
    let test: TestGate
    let cluster: PostgresCluster?
    let store: PostgresStore?

    var gate: Gate { test.gate }

    /// Deletes the file, or closes the store and stops the server.
    func remove() {
        test.remove()
        try? store?.close()
        try? cluster?.stop()
    }
}
