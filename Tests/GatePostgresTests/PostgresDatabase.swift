import Foundation
import GateCore
import GatePostgres
import Logging
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
    }

    /// How a store reaches the test's server: its private socket, as its superuser.
    var configuration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            unixSocketPath: cluster.socketPath, username: PostgresCluster.superuser, password: nil, database: "postgres")
    }

    /// A new store (a daemon's) on the database whose rules read `clock` (or, with
    /// `.database`, the server's clock).
    func store(clock: ManualClock, reading: PostgresStore.Clock = .daemon, connections: Int = 4) async throws -> PostgresStore {
        try await PostgresStore(
            configuration: configuration, name: "postgres:///\(name)", connections: connections, clock: reading,
            timeSource: .manual(clock), logger: Logger(label: name))
    }

    func stop() {
        try? cluster.stop()
    }
}
