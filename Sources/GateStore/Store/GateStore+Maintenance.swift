import Foundation
import GateCore
import GRDB

extension GateStore {
    /// Problems `PRAGMA integrity_check` and `PRAGMA foreign_key_check` report, and what a
    /// write needs and cannot do; empty when the file is sound and writable.
    ///
    /// Checked on a connection of its own, opened for the check: the store's connections keep
    /// the pages they read in memory, and after the write-ahead log was damaged behind their
    /// back they go on reading those while every write (which reads pages afresh) fails. Then
    /// what a write needs is tried: the write lock and a change, rolled back, and a passive
    /// checkpoint of the log into the file (not after a failed integrity check: it would copy
    /// damaged pages in).
    package func integrityProblems() async throws -> [String] {
        guard case .file(let path) = location else {
            return try await read { try Self.integrityProblems(of: $0.db) }
        }
        var problems: [String] = []
        let connection: DatabaseQueue
        do {
            connection = try DatabaseQueue(path: path, configuration: Self.configuration(busyTimeout: busyTimeout))
        } catch {
            return ["the database cannot be opened: \(Self.reason(error))"]
        }
        defer { try? connection.close() }
        do {
            problems = try await connection.read(Self.integrityProblems)
        } catch {
            problems.append("the database cannot be read: \(Self.reason(error))")
        }
        do {
            try await connection.writeWithoutTransaction { db in
                try db.beginTransaction(.immediate)
                defer { try? db.rollback() }
                // A change that allocates pages, as new rows do; rolled back, it leaves nothing.
                try db.execute(sql: "CREATE TABLE parental_gate_write_check (x BLOB) STRICT")
                try db.execute(sql: "INSERT INTO parental_gate_write_check VALUES (zeroblob(8192))")
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            problems.append("a write could not start: another connection held the write lock longer than \(Int(busyTimeout)) s (busy, not damaged: try again)")
        } catch {
            problems.append("a write fails: \(Self.reason(error))")
        }
        guard problems.isEmpty else { return problems }
        do {
            _ = try await connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        } catch {
            problems.append("the write-ahead log cannot be checkpointed into the file: \(Self.reason(error))")
        }
        return problems
    }

    /// What SQLite's integrity and foreign-key checks report on `db`.
    private static func integrityProblems(of db: Database) throws -> [String] {
        var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
        for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
            let table: String = row[0]
            let rowID: Int64? = row[1]
            let parent: String = row[2]
            problems.append("\(table) row \(rowID.map(String.init) ?? "?") refers to a missing \(parent) row")
        }
        return problems
    }

    /// SQLite's message for `error`, else its description.
    private static func reason(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? String(describing: error)
    }

    /// Copies the database to a new private file (`0600`) at `path` with SQLite's online
    /// backup, which is safe while other connections and processes keep using the gate.
    ///
    /// SQLite writes the copy in a private temporary folder beside the database; its bytes
    /// then go, through a descriptor, into a file only this process made in `path`'s folder
    /// (see ``PrivateFiles/create(at:replacing:protecting:workspace:fill:)``), so another
    /// account that can write that folder can neither swap in a file of its own nor read the
    /// copy. Refused (``GateInputError/unusablePath(_:_:)``): a name SQLite would not treat
    /// as a file, a symbolic link, a folder or device, the database's own files (however
    /// their folder is reached), and an existing file unless `replacing`.
    package func backup(to path: String, replacing: Bool = false) async throws {
        do {
            try PrivateFiles.create(at: path, replacing: replacing, protecting: ownFiles, workspace: workspace) { temporary in
                let destination = try DatabaseQueue(path: temporary)
                try dbWriter.backup(to: destination)
                try destination.close()
            }
        } catch {
            throw StoreError.wrapping(error, at: .file(path))
        }
    }

    /// Writes `data` to a new private file (`0600`) at `path`, refusing what ``backup(to:replacing:)`` refuses.
    package func writeFile(_ data: Data, to path: String, replacing: Bool = false) throws {
        try Self.writeFile(data, to: path, replacing: replacing, protecting: ownFiles, workspace: workspace)
    }

    /// Writes `data` to a new private file (`0600`) at `path`, never over one of `protected`,
    /// put together in `workspace` (the system's temporary folder when `nil`).
    package static func writeFile(
        _ data: Data, to path: String, replacing: Bool, protecting protected: [String], workspace: String? = nil
    ) throws {
        do {
            try PrivateFiles.create(at: path, replacing: replacing, protecting: protected, workspace: workspace) { temporary in
                try data.write(to: URL(fileURLWithPath: temporary))
            }
        } catch let error as CocoaError {
            throw StoreError.cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    /// The database file, its write-ahead log, index and journal: never written over.
    /// The database's files (with the write-ahead log and the rest), as named and as resolved.
    package var ownFiles: [String] {
        guard case .file(let path) = location else { return [] }
        return ["", "-wal", "-shm", "-journal"].flatMap { [path + $0, PrivateFiles.resolved(path) + $0] }
    }

    /// Where a backup or export is put together before it is copied into place: the
    /// database's own folder, which whoever can change could change the database too (none
    /// for an in-memory database: the system's temporary folder then).
    private var workspace: String? {
        guard case .file(let path) = location else { return nil }
        return URL(fileURLWithPath: PrivateFiles.resolved(path)).deletingLastPathComponent().path
    }

    /// The database's files and folder that other accounts can read or write.
    package func fileExposures() -> [FileExposure] {
        guard case .file(let path) = location else { return [] }
        return PrivateFiles.exposures(ofDatabase: path)
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
