import Foundation
import GRDBSQLite
import Synchronization

/// A read-only connection of its own that tells, on the caller's thread and in microseconds,
/// whether anything has committed to the database since it last looked.
///
/// It asks SQLite's `PRAGMA data_version`, which changes whenever another connection commits:
/// this process's writer, or any other process on the file. (The watch itself never writes.)
/// Answers built from the database can then be kept in memory and trusted exactly as long as
/// the version they were read at is still the version now.
///
/// Written against SQLite's C API rather than through a GRDB `DatabaseQueue`: forward auth asks
/// it on every request, and GRDB's queue (a dispatch queue, its reentrancy checks and statement
/// cache) cost more than the three system calls the pragma itself makes. One statement, prepared
/// once, stepped under a lock.
final class ChangeWatch: Sendable {
    /// The connection and its prepared statement; `nil` once closed.
    private let state: Mutex<Connection?>

    private struct Connection: @unchecked Sendable {
        let db: OpaquePointer
        let statement: OpaquePointer
    }

    /// Opens the watch on the database file at `path`, which the store has already opened.
    init(path: String) throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw ChangeWatchError(message: message)
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, "PRAGMA data_version", -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
              let statement
        else {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_close_v2(db)
            throw ChangeWatchError(message: message)
        }
        state = Mutex(Connection(db: db, statement: statement))
    }

    deinit { close() }

    /// The database's version as this connection sees it now, or `nil` when it cannot tell
    /// (then nothing kept in memory may be trusted).
    func version() -> Int64? {
        state.withLock { connection -> Int64? in
            guard let connection else { return nil }
            defer { sqlite3_reset(connection.statement) }
            guard sqlite3_step(connection.statement) == SQLITE_ROW else { return nil }
            return sqlite3_column_int64(connection.statement, 0)
        }
    }

    /// Closes the connection; later calls of ``version()`` answer `nil`.
    func close() {
        state.withLock { connection in
            guard let open = connection else { return }
            sqlite3_finalize(open.statement)
            sqlite3_close_v2(open.db)
            connection = nil
        }
    }
}

/// The watch could not open its connection (the store then answers every read from the database).
struct ChangeWatchError: Error, CustomStringConvertible {
    let message: String
    var description: String { "cannot watch the database for changes: \(message)" }
}
