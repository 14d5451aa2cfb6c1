import Foundation
import GRDB

extension GateStore {
    /// Schema version, pending migrations, file sizes and row counts.
    package func status() async throws -> StoreStatus {
        let location = location
        return try await read { transaction in
            let db = transaction.db
            let state = try SchemaState.inspect(db)
            let count = { (table: String) in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
            let hasTables = state != .empty
            let counts = hasTables
                ? StoreCounts(
                    profiles: try count("profiles"), questionSets: try count("question_sets"),
                    questions: try count("questions"), challenges: try count("challenges"),
                    attempts: try count("attempts"), parentSessions: try count("parent_sessions"),
                    auditRecords: try count("audit_log"), policyChanges: try count("policy_changes"))
                : StoreCounts(
                    profiles: 0, questionSets: 0, questions: 0, challenges: 0, attempts: 0, parentSessions: 0,
                    auditRecords: 0, policyChanges: 0)
            var fileBytes: Int64 = 0
            var walBytes: Int64 = 0
            if case .file(let path) = location {
                fileBytes = Self.size(of: path)
                walBytes = Self.size(of: path + "-wal")
            }
            return StoreStatus(
                location: location, schemaVersion: state.version, latestVersion: Migration.latestVersion,
                pendingMigrations: state.pending.map { String(format: "%04d_%@", $0.version, $0.name) },
                fileBytes: fileBytes, walBytes: walBytes,
                journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?", counts: counts)
        }
    }

    private static func size(of path: String) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
