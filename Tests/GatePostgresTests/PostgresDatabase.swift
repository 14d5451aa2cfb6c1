import Foundation
import GateCore
import GatePostgres
import Logging
import ParentalGate
import PostgresNIO
import TestSlots

/// A test's own PostgreSQL server and a database on it, with stores (each a "daemon") opened
/// on that database.
final class PostgresDatabase: Sendable {
    let cluster: PostgresCluster
    let name: String

    init(_ name: String) throws {
        cluster = try PostgresCluster.start(name: name)
        self.name = name
        keyFile = cluster.folder.appendingPathComponent("notify-key").path
        try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: keyFile))
        chmod(keyFile, 0o600)
    }

    /// The key file every store (daemon) on the database shares.
    let keyFile: String

    /// How a store reaches the test's server: its private socket, as its superuser.
    var configuration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            unixSocketPath: cluster.socketPath, username: PostgresCluster.superuser, password: nil, database: "postgres")
    }

    /// A new store (a daemon's) on the database whose rules read `clock` (or, with
    /// `.database`, the server's clock).
    func store(clock: ManualClock, reading: PostgresStore.Clock = .daemon, connections: Int = 4) async throws -> PostgresStore {
        try await PostgresStore(
            configuration: configuration, name: "postgres:///\(name)", connections: connections, clock: reading, keyFile: keyFile,
            timeSource: .manual(clock), logger: Logger(label: name))
    }

    /// `count` daemons' gates on the database, each with a store of its own, all reading
    /// `clock`; their questions drawn from `seed`, `seed + 1`, ….
    func daemons(_ count: Int, clock: ManualClock, seed: UInt64) async throws -> (gates: [Gate], stores: [PostgresStore]) {
        var gates: [Gate] = []
        var stores: [PostgresStore] = []
        for index in 0..<count {
            let store = try await store(clock: clock)
            stores.append(store)
            gates.append(Gate(storage: store, timeSource: .manual(clock), random: .seeded(seed + UInt64(index))))
        }
        return (gates, stores)
    }

    func stop() {
        try? cluster.stop()
    }
}
