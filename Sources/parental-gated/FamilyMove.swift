import Foundation
import GatePostgres
import Logging
import GateProgram
import GateStore
import ParentalGate

/// `parental-gated --copy-from FILE` and `--copy-to FILE`: a family moved from an SQLite file
/// into PostgreSQL, or back into a new file, whole (every row with its id), its audit chain
/// checked on arrival.
struct FamilyMove {
    /// The `--database` setting: a PostgreSQL address for either copy.
    let database: String
    /// The household copied into or out of (`--household`).
    let household: String
    /// The key file PostgreSQL daemons share (`--notify-key-file`).
    let keyFile: String?
    let environment: [String: String]

    func run(from file: String?, to newFile: String?, say: (String) -> Void) async throws {
        guard let address = try PostgresAddress.setting(database, environment: environment) else {
            throw CommandError.usage("--copy-from and --copy-to copy between an SQLite file and a PostgreSQL --database (postgres://…), and \(database) is a file")
        }
        // Another household's secrets are sealed with its own key: gatectl household import and
        // export seal them again; these copies keep the shared key's.
        guard household == Household.home.name else {
            throw CommandError.usage(
                "--copy-from and --copy-to copy the household home: move another with gatectl household import or export, through a daemon's admin socket")
        }
        let postgres = try await address.gate(keyFile: keyFile, logger: Logger(label: "parental-gated"))
        defer { try? postgres.close() }
        let source: Gate, destination: Gate
        if let file {
            guard FileManager.default.fileExists(atPath: file) else { throw CommandError.usage("--copy-from: there is no file \(file)") }
            let sqlite = try Gate(database: .file(file), migrate: false, singleConnection: true)
            let pending = try await sqlite.databaseStatus().pendingMigrations
            guard pending.isEmpty else {
                throw CommandError.usage("--copy-from: \(file) has migrations to apply first (gatectl db migrate --database \(file))")
            }
            (source, destination) = (sqlite, postgres)
        } else if let newFile {
            guard !FileManager.default.fileExists(atPath: newFile) else {
                throw CommandError.usage("--copy-to: \(newFile) exists already; a copy goes into a new file")
            }
            (source, destination) = (postgres, try Gate(database: .file(newFile), singleConnection: true))
        } else {
            return
        }
        // The SQLite side is closed here (the PostgreSQL one by the defer above).
        defer { try? (file != nil ? source : destination).close() }
        let counts = try await source.copyFamily(into: destination, resealing: false)
        let report = try await destination.verifyAudit()
        say("copied \(counts["profiles"] ?? 0) profiles, \(counts["audit_log"] ?? 0) audit records, \(counts["attempts"] ?? 0) attempts "
            + "and \(counts.values.reduce(0, +)) rows in all from \(source.databaseName) to \(destination.databaseName)")
        guard report.isIntact else {
            throw CommandError.usage("the copy's audit chain does not verify: \(report.message)")
        }
        say("the copy's audit chain verifies: \(report.message)")
    }
}
