import Foundation
import Logging
import PostgresNIO
import Testing
import TestSlots

/// The PostgreSQL server the store's tests run against is their own: made, started, reached
/// over its private socket with postgres-nio, and gone after.
@Suite("A test's own PostgreSQL server", .boundedConcurrency)
struct PostgresClusterTests {
    @Test("a cluster starts on a private socket (no TCP port), answers postgres-nio as its superuser, and stops leaving nothing behind")
    func startConnectStop() async throws {
        let cluster = try PostgresCluster.start(name: "pg-cluster-test")
        defer { try? cluster.stop() }
        #expect(cluster.isRunning)
        #expect(try cluster.psql("SHOW listen_addresses").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "no TCP port is opened")

        let client = PostgresClient(
            configuration: .init(unixSocketPath: cluster.socketPath, username: PostgresCluster.superuser, password: nil, database: "postgres"),
            backgroundLogger: Logger(label: "pg-cluster-test"))
        let (user, version) = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let rows = try await client.query("SELECT current_user, current_setting('server_version_num')::int")
            for try await (user, version) in rows.decode((String, Int).self) { return (user, version) }
            return ("", 0)
        }
        #expect(user == PostgresCluster.superuser)
        #expect(version >= 150_000, "PostgreSQL 15 or newer")

        try cluster.stop()
        #expect(!cluster.isRunning)
        #expect(!FileManager.default.fileExists(atPath: cluster.folder.path), "its folder is removed")
        #expect(!FileManager.default.fileExists(atPath: cluster.socketPath))
    }
}
