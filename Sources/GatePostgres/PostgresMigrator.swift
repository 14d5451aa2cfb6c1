import Crypto
import Foundation
import GatePostgresMigrations
import GateStore
import Logging
import PostgresNIO

/// Applies `Migrations/postgres/NNNN_name.sql` in order, each in its own transaction, under
/// a session advisory lock: two daemons starting together on a new database migrate it once,
/// the second waiting for the first and then finding nothing to do.
struct PostgresMigrator {
    let connection: PostgresConnection
    let logger: Logger
    /// How the database is named in messages.
    let database: String

    /// The advisory lock's key: "pgate" in ASCII, the same for every daemon of this program.
    static let lockKey: Int64 = 0x70_67_61_74_65

    func migrate(at now: Date) async throws {
        _ = try await run("SELECT pg_advisory_lock(\(Self.lockKey))")
        do {
            try await applyPending(at: now)
            _ = try await run("SELECT pg_advisory_unlock(\(Self.lockKey))")
        } catch {
            _ = try? await run("SELECT pg_advisory_unlock(\(Self.lockKey))")
            throw error
        }
    }

    /// The oldest server the schema takes: 15, for a reference that clears one column of its
    /// key (`ON DELETE SET NULL (column)`, migration 12).
    static let oldestServer = 150_000

    private func applyPending(at now: Date) async throws {
        let version = try await run("SELECT current_setting('server_version_num')::int AS v").first?.decode(Int.self) ?? 0
        guard version >= Self.oldestServer else {
            throw StoreError.postgres(code: "0A000", message: "\(database): PostgreSQL \(version / 10_000) is too old: ParentalGate needs 15 or later")
        }
        let present = try await run("SELECT to_regclass('parental_gate_schema') IS NOT NULL").first?.decode(Bool.self) ?? false
        var applied: [Int: String] = [:]
        if present {
            for row in try await run("SELECT version, checksum FROM parental_gate_schema") {
                let (version, checksum) = try row.decode((Int64, String).self)
                applied[Int(version)] = checksum
            }
        }
        let files = PostgresMigrations.files
        if let newest = applied.keys.max(), newest > files.count {
            throw StoreError.newerSchema(path: database, found: newest, supported: files.count)
        }
        // Only the tables' owner changes them: a daemon's role that owns none says who must.
        if present, applied.count < files.count,
           try await run("SELECT pg_get_userbyid(relowner) <> current_user FROM pg_class WHERE oid = 'parental_gate_schema'::regclass")
               .first?.decode(Bool.self) ?? false {
            throw StoreError.postgres(code: "42501", message: """
                \(database) has schema version \(applied.keys.max() ?? 0) and this program needs \(files.count), and only the role that owns its tables may migrate it: run parental-gated --database ADDRESS-OF-THE-OWNER --migrate (README, "PostgreSQL")
                """)
        }
        for (index, file) in files.enumerated() {
            let version = index + 1
            let checksum = SHA256.hash(data: Data(file.sql)).map { String(format: "%02x", $0) }.joined()
            if let known = applied[version] {
                guard known == checksum else { throw StoreError.migrationChanged(version: version, name: file.name) }
                continue
            }
            _ = try await run("BEGIN")
            do {
                for statement in Self.statements(of: String(decoding: file.sql, as: UTF8.self)) {
                    _ = try await run(statement)
                }
                _ = try await connection.query(
                    "INSERT INTO parental_gate_schema (version, name, checksum, applied_at) VALUES (\(Int64(version)), \(file.name), \(checksum), \(now.millisecondsSince1970))",
                    logger: logger)
                _ = try await run("COMMIT")
            } catch {
                _ = try? await run("ROLLBACK")
                throw error
            }
        }
    }

    private func run(_ sql: String) async throws -> [PostgresRow] {
        do {
            return try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect()
        } catch let error as PSQLError {
            throw PostgresFailure(error)
        }
    }

    /// The statements of a migration file, one by one: postgres-nio speaks only the extended
    /// protocol, which takes one statement a query. Splits at each `;` outside a string, a
    /// dollar-quoted body (`$$ … $$`) and a `--` comment.
    static func statements(of sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var characters = Array(sql)[...]
        var inString = false, inDollar = false
        while let character = characters.popFirst() {
            if !inString, !inDollar, character == "-", characters.first == "-" {
                while let skipped = characters.popFirst(), skipped != "\n" {}
                current.append("\n")
                continue
            }
            if !inDollar, character == "'" { inString.toggle() }
            if !inString, character == "$", characters.first == "$" {
                characters.removeFirst()
                inDollar.toggle()
                current.append("$$")
                continue
            }
            if !inString, !inDollar, character == ";" {
                let statement = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !statement.isEmpty { statements.append(statement) }
                current = ""
                continue
            }
            current.append(character)
        }
        let last = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !last.isEmpty { statements.append(last) }
        return statements
    }
}
