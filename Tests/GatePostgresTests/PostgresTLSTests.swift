import Foundation
import GateCore
import GatePostgres
import GateStore
import ParentalGate
import PostgresTesting
import Testing
import TestSlots

/// A PostgreSQL server reached over TCP, as a back end's would be: TLS as `sslmode` says,
/// the password from a password file.
@Suite("PostgreSQL over TCP: TLS and the password file", .boundedConcurrency)
struct PostgresTLSTests {
    /// Runs `program` with `arguments`; fails unless it exits 0.
    static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }

    @Test("sslmode=require connects over TLS with the password from the password file; verify-full refuses a certificate no root vouches for; a wrong password is refused; none of them says the password")
    func tlsAndPasswordFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-tls-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = folder.appendingPathComponent("server.crt").path, key = folder.appendingPathComponent("server.key").path
        try Self.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost",
        ])
        chmod(folder.path, 0o755)
        chmod(key, 0o600)
        let port = Int.random(in: 40_000..<60_000)
        if getuid() == 0, let owner = getpwnam("postgres") {
            for path in [certificate, key] { chown(path, owner.pointee.pw_uid, owner.pointee.pw_gid) }
        }
        let cluster = try PostgresCluster.start(
            name: "pg-tls", tcpPort: port, settings: ["ssl=on", "ssl_cert_file='\(certificate)'", "ssl_key_file='\(key)'"])
        defer { try? cluster.stop() }
        try cluster.psql("ALTER ROLE \(PostgresCluster.appRole) PASSWORD 'Correct-Horse-7'")
        let passfile = folder.appendingPathComponent("pgpass").path
        try Data("127.0.0.1:\(port):postgres:\(PostgresCluster.appRole):Correct-Horse-7\n".utf8).write(to: URL(fileURLWithPath: passfile))
        chmod(passfile, 0o600)
        let wrong = folder.appendingPathComponent("wrong-pgpass").path
        try Data("*:*:*:*:Battery-Staple-9\n".utf8).write(to: URL(fileURLWithPath: wrong))
        chmod(wrong, 0o600)
        let base = "postgres://\(PostgresCluster.appRole)@127.0.0.1:\(port)/postgres"

        let address = try #require(try PostgresAddress.parse("\(base)?sslmode=require&passfile=\(passfile)", environment: [:]))
        let store = try await PostgresStore(address: address, clock: .daemon, connectTimeout: .seconds(60))  // a bound for a loaded machine
        defer { try? store.close() }
        try await Gate(storage: store).addProfile("emma")
        let encrypted = try cluster.psql("""
            SELECT count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
            WHERE a.client_addr IS NOT NULL AND s.ssl AND a.usename = '\(PostgresCluster.appRole)'
            """).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((Int(encrypted) ?? 0) >= 1, "the store's connections are encrypted")

        for (text, why) in [
            ("\(base)?sslmode=verify-full&passfile=\(passfile)", "a self-made certificate"),
            ("\(base)?sslmode=require&passfile=\(wrong)", "a wrong password"),
        ] {
            let refused = try #require(try PostgresAddress.parse(text, environment: [:]))
            do {
                let opened = try await PostgresStore(address: refused, clock: .daemon, connectTimeout: .seconds(5))
                try? opened.close()
                Issue.record("\(why) was let in")
            } catch {
                #expect(!"\(error)".contains("Battery-Staple-9") && !"\(error)".contains("Correct-Horse-7"), "\(why): \(error)")
            }
        }
    }
}
