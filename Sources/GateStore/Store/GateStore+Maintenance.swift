import Foundation
import GateCore
import GRDB

extension GateStore {
    /// Problems `PRAGMA integrity_check` and `PRAGMA foreign_key_check` report; empty when clean.
    package func integrityProblems() async throws -> [String] {
        try await read { transaction in
            let db = transaction.db
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
                let table: String = row[0]
                let rowID: Int64? = row[1]
                let parent: String = row[2]
                problems.append("\(table) row \(rowID.map(String.init) ?? "?") refers to a missing \(parent) row")
            }
            return problems
        }
    }

    /// Copies the database to a new file at `path` with SQLite's online backup, which is
    /// safe while other connections and processes keep using the gate.
    package func backup(to path: String) async throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw StoreError.fileExists(path)
        }
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let destination = try DatabaseQueue(path: path)
            try dbWriter.backup(to: destination)
            try destination.close()
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw StoreError.wrapping(error, at: .file(path))
        }
    }

    /// Gives the pages that deletions freed back to the file system; returns the file's size
    /// (database pages) before and after.
    ///
    /// A database made with incremental auto-vacuum (every one this version creates) drops
    /// its free pages at once; an older one is rewritten by `VACUUM` once, which also
    /// switches it to incremental auto-vacuum. The write-ahead log is then checkpointed and
    /// truncated, so the freed space shows in the file's size.
    package func reclaimSpace() async throws -> (before: Int64, after: Int64) {
        traffic.beginQueued()
        defer { traffic.endQueued() }
        do {
            return try await dbWriter.writeWithoutTransaction { db in
                let size = { try Int64.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0 }
                let before = try size()
                if try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 2 {
                    try db.execute(sql: "PRAGMA incremental_vacuum")
                } else if try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0 > 0 {
                    try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                    try db.execute(sql: "VACUUM")
                }
                _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                return (before, try size())
            }
        } catch {
            throw StoreError.wrapping(error, at: location)
        }
    }
}
