import Foundation
import GateCore
import GatePostgres
@testable import GateStore
import GRDB
import PostgresTesting
import Testing

/// A fresh store on one backend, its clock manual, plus raw access for tampering.
struct TestStorage: Sendable {
    let backend: StoreBackend
    let clock: ManualClock
    let store: any GateStorage
    /// The SQLite file's store, or the PostgreSQL database the store stands on.
    private let file: TestStore?
    private let database: PostgresDatabase?

    init(_ backend: StoreBackend) async throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            let file = try TestStore()
            (self.file, database, clock, store) = (file, nil, file.clock, file.store)
        case .postgres:
            let database = try PostgresDatabase("store")
            let clock = ManualClock()
            do {
                let store = try await database.store(clock: clock)
                (file, self.database, self.clock, self.store) = (nil, database, clock, store)
            } catch {
                database.stop()
                throw error
            }
        }
    }

    /// Runs `sql` past the store's rules: through a connection of its own on SQLite, as
    /// someone with the file would; as the tables' owner on PostgreSQL (row-level security still
    /// shows it the store's household only).
    func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) async throws {
        let values = arguments.map { $0?.databaseValue ?? .null }
        if let file {
            try file.execute(sql, StatementArguments(values))
        } else {
            try await store.write { try $0.execute(sql, values) }
        }
    }

    /// The rows of `sql`, read past the store's rules.
    func rows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) async throws -> [StoredRow] {
        let values = arguments.map { $0?.databaseValue ?? .null }
        if let file {
            return try await file.raw().read { db in
                try Row.fetchAll(db, sql: sql, arguments: StatementArguments(values)).map(StoredRow.init)
            }
        }
        return try await store.read { try $0.fetchAll(StoredRow.self, sql, values) }
    }

    /// Counts the rows of `table`.
    func count(_ table: String) async throws -> Int {
        try await rows("SELECT count(*) AS n FROM \(table)").first?["n"] ?? -1
    }

    /// Lets the audit log's records be edited and deleted, as someone who owns the database
    /// could: the tests of verification tamper with it.
    func allowTamperingWithAudit() async throws {
        switch backend {
        case .sqlite:
            try await dropTrigger("audit_log_no_update", on: "audit_log")
            try await dropTrigger("audit_log_no_delete", on: "audit_log")
        case .postgres:
            try await dropTrigger("audit_log_append_only", on: "audit_log")
        }
    }

    /// Drops trigger `name` of `table`, a guard the test steps past.
    func dropTrigger(_ name: String, on table: String) async throws {
        try await execute(backend == .sqlite ? "DROP TRIGGER \(name)" : "DROP TRIGGER \(name) ON \(table)")
    }

    /// Whether `sql` is refused by the database (a constraint or trigger), checked past the
    /// store's rules; the refusal of each backend as it reports it.
    func refuses(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) async -> Bool {
        do {
            try await execute(sql, arguments)
            return false
        } catch let error as DatabaseError {
            return backend == .sqlite && error.resultCode == .SQLITE_CONSTRAINT
        } catch let error as StoreError {
            // A constraint (class 23) or a trigger's exception (P0001), not a mistake in `sql`.
            switch error {
            case .constraint: return backend == .postgres
            case .postgres(let code, _): return backend == .postgres && (code.hasPrefix("23") || code == "P0001")
            default: return false
            }
        } catch {
            return false
        }
    }

    /// Adds a profile called `name` in `locale`.
    @discardableResult
    func addProfile(_ name: String, locale: String = "en") async throws -> Profile {
        try await store.addTestProfile(name, locale: locale, at: clock.now)
    }

    /// Deletes the file, or closes the store and stops the server.
    func remove() {
        file?.remove()
        if database != nil {
            try? store.close()
        }
        database?.stop()
    }
}
