import Foundation
import GateCore
import GRDB

/// Applies pending migrations, each in its own `BEGIN IMMEDIATE` transaction.
enum Migrator {
    /// Brings `writer` up to the newest schema this build knows, recording `now` as the time.
    ///
    /// Each step re-reads the schema inside its transaction, so processes that open a new
    /// database at the same moment apply each migration exactly once.
    static func migrate(_ writer: any DatabaseWriter, path: String, at now: Date) throws {
        // The usual case, an up-to-date file, needs no write lock: one consistent read decides it.
        let state = try writer.writeWithoutTransaction { db in
            var state: SchemaState?
            try db.inTransaction(.deferred) {
                state = try SchemaState.inspect(db)
                return .commit
            }
            return state
        }
        if let state {
            try state.checkCompatible(path: path)
            if state.pending.isEmpty { return }
        }
        for migration in Migration.all {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let state = try SchemaState.inspect(db)
                    try state.checkCompatible(path: path)
                    guard state.pending.contains(where: { $0.version == migration.version }) else { return .commit }
                    try db.execute(sql: migration.sql)
                    try db.execute(
                        sql: "INSERT INTO parental_gate_schema (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                        arguments: [migration.version, migration.name, migration.checksum, now.millisecondsSince1970])
                    try db.execute(sql: "PRAGMA user_version = \(migration.version)")
                    try db.execute(sql: "PRAGMA application_id = \(SchemaState.applicationID)")
                    return .commit
                }
            }
        }
        // Another process may have done the migrating; GRDB's writer would keep its old view.
        writer.writeWithoutTransaction { db in db.clearSchemaCache() }
    }
}
