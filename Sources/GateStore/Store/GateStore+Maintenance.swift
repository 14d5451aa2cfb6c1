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
}
