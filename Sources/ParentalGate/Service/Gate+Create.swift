import Foundation
import GateCore
import GateStore

extension Gate {
    /// Makes a new database at `path`, runs `setUp` on it (the household's defaults, its first
    /// profiles), and only then puts it at `path`: nobody ever opens it half set up, and
    /// `setUp` runs once in the database's life, never on a later open.
    ///
    /// The database is built beside `path` under a hidden name and linked into place, which
    /// fails if anything is there by then (``GateConflict/databaseExists(path:)``, and the
    /// new one is removed): two callers creating one family cannot both win. A failing
    /// `setUp` leaves nothing behind. Throws a ``GateError``, or what `setUp` throws.
    public static func create(
        at path: String, timeSource: TimeSource = .system, random: RandomSource = .secure,
        setUp: (Gate) async throws -> Void
    ) async throws -> Gate {
        if FileManager.default.fileExists(atPath: path) { throw GateError.conflict(.databaseExists(path: path)) }
        let url = URL(fileURLWithPath: path)
        let building = url.deletingLastPathComponent().appendingPathComponent(".creating-\(UUID().uuidString)-\(url.lastPathComponent)").path
        // Everything SQLite and the gate keep beside a database: what is not linked into place
        // goes with the hidden name.
        let companions = ["", "-wal", "-shm", "-journal", NotificationKey.suffix]
        defer {
            for suffix in companions { unlink(building + suffix) }
        }
        let gate = try Gate(database: .file(building), timeSource: timeSource, random: random)
        do {
            try await setUp(gate)
        } catch {
            try? gate.close()
            throw error
        }
        try gate.close()
        // Closed, the file holds everything: its write-ahead log was checkpointed and removed.
        if let size = try? FileManager.default.attributesOfItem(atPath: building + "-wal")[.size] as? Int, size > 0 {
            throw GateError.database(DatabaseFailure(.other, "the new database's write-ahead log was not checkpointed; nothing was made"))
        }
        // The webhooks' key first (if setUp added one), so that the database, once there,
        // can always unseal its secrets.
        let key = building + NotificationKey.suffix
        if FileManager.default.fileExists(atPath: key), link(key, path + NotificationKey.suffix) != 0 {
            if errno == EEXIST { throw GateError.conflict(.databaseExists(path: path)) }
            throw GateError.database(DatabaseFailure(
                .other, "cannot put the new database's notification key beside \(path.escapedForMessage): \(String(cString: strerror(errno)))"))
        }
        guard link(building, path) == 0 else {
            let reason = errno
            if FileManager.default.fileExists(atPath: key) { unlink(path + NotificationKey.suffix) }
            if reason == EEXIST { throw GateError.conflict(.databaseExists(path: path)) }
            throw GateError.database(DatabaseFailure(.other, "cannot put the new database at \(path.escapedForMessage): \(String(cString: strerror(reason)))"))
        }
        return try Gate(database: .file(path), timeSource: timeSource, random: random, create: false)
    }
}
