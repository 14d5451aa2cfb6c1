import Foundation
import GateCore
import GatePostgres
import Logging
import PostgresNIO
import TestSlots

/// A test's own PostgreSQL server and a database on it, with stores (each a "daemon") opened
/// on that database.
package final class PostgresDatabase: Sendable {
    package let cluster: PostgresCluster
    package let name: String

    package init(_ name: String) throws {
        cluster = try PostgresCluster.start(name: name)
        self.name = name
        keyFile = cluster.folder.appendingPathComponent("notify-key").path
        try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: keyFile))
        chmod(keyFile, 0o600)
    }

    /// The key file every store (daemon) on the database shares.
    package let keyFile: String

    /// How a store reaches the test's server: its private socket, as the gate's role (or `user`).
    package func configuration(user: String = PostgresCluster.appRole) -> PostgresClient.Configuration {
        PostgresClient.Configuration(unixSocketPath: cluster.socketPath, username: user, password: nil, database: "postgres")
    }

    /// A new store (a daemon's) on the database whose rules read `clock` (or, with
    /// `.database`, the server's clock), logging to `logger` (by default, the test's output);
    /// it connects as `user` and serves `household`.
    package func store(
        clock: ManualClock, reading: PostgresStore.Clock = .daemon, connections: Int = 4, logger: Logger? = nil,
        household: String = "home", user: String = PostgresCluster.appRole
    ) async throws -> PostgresStore {
        try await PostgresStore(
            configuration: configuration(user: user), name: "postgres:///\(name)", household: household,
            connections: connections, clock: reading, keyFile: keyFile, timeSource: .manual(clock),
            logger: logger ?? Logger(label: name))
    }

    package func stop() {
        try? cluster.stop()
    }
}
