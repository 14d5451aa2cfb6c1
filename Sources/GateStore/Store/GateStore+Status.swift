import Foundation
import GRDB

extension GateStore {
    /// Schema version, pending migrations, file sizes and row counts.
    package func status() async throws -> StoreStatus {
        let location = location
        return try await read { transaction in
            let db = transaction.db
            let state = try SchemaState.inspect(db)
            let hasTables = state != .empty
            let counts = hasTables
                ? StoreCounts(
                    profiles: try ProfileRecord.fetchCount(db), questionSets: try QuestionSetRecord.fetchCount(db),
                    questions: try QuestionRecord.fetchCount(db), challenges: try ChallengeRecord.fetchCount(db),
                    attempts: try AttemptRecord.fetchCount(db), parentSessions: try ParentSessionRecord.fetchCount(db),
                    auditRecords: try AuditLogRecord.fetchCount(db), policyChanges: try PolicyChangeRecord.fetchCount(db))
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
