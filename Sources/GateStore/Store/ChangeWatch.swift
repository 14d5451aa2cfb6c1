import Foundation
import GRDB

/// A read-only connection of its own that tells, on the caller's thread and in microseconds,
/// whether anything has committed to the database since it last looked.
///
/// It asks SQLite's `PRAGMA data_version`, which changes whenever another connection commits:
/// this process's writer, or any other process on the file. (The watch itself never writes.)
/// Answers built from the database can then be kept in memory and trusted exactly as long as
/// the version they were read at is still the version now.
final class ChangeWatch: Sendable {
    private let connection: DatabaseQueue

    /// Opens the watch on the database file at `path`, which the store has already opened.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "ParentalGate.watch"
        configuration.readonly = true
        configuration.busyMode = .immediateError
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// The database's version as this connection sees it now, or `nil` when it cannot tell
    /// (then nothing kept in memory may be trusted).
    func version() -> Int64? {
        try? connection.inDatabase { db in try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) }
    }

    /// Closes the connection; later calls of ``version()`` answer `nil`.
    func close() {
        try? connection.close()
    }
}
