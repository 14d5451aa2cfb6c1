import Foundation
import GateCore
import GRDB
import GRDBSQLite

/// ParentalGate's SQLite database: opens and migrates it, and runs every read and write.
///
/// Writes run in one `BEGIN IMMEDIATE` transaction each, in WAL mode with a busy timeout
/// and `synchronous = FULL`, so a committed write survives a crash of the process or the
/// machine. Callers never see the database connection: they get a ``StoreTransaction``
/// whose methods are named after what they do.
package struct GateStore: Sendable {
    /// The only connection to the database; never handed out of this module.
    let dbWriter: any DatabaseWriter
    /// Where the database lives.
    package let location: DatabaseLocation
    /// One connection for one command, or a writer and its readers.
    let connections: Connections
    /// The write transactions under way, to tell whether a write can run on its caller's thread.
    let traffic = WriteTraffic()
    /// Rung after a write that queued notifications.
    let bell = NotificationBell()
    /// The key that seals webhook secrets.
    package let notificationKey: NotificationKey
    /// Tells whether anything committed since a moment (a pool on a file only).
    let watch: ChangeWatch?
    /// The file counted as open in this process while this store has it (a file only).
    private let openFile: OpenDatabaseFile?
    /// How long a write waits for another process's write lock before failing as busy.
    package static let defaultBusyTimeout: TimeInterval = 5
    /// This store's busy timeout: ``defaultBusyTimeout`` but in tests that must not depend on
    /// how fast a loaded machine runs.
    let busyTimeout: TimeInterval

    /// Opens (creating it, with its directories, if missing) and migrates the database.
    ///
    /// - Parameters:
    ///   - migrate: `false` opens an existing database without applying pending migrations
    ///     (to report them); the database must still be ours and not newer than this build.
    ///   - timeSource: the clock for the store's own bookkeeping (when a migration ran).
    /// - Throws: ``StoreError`` for a file that is not SQLite, not ours, from a newer
    ///   schema, read-only, damaged or busy.
    ///   - connections: `.pool` (a writer and concurrent readers) for long-lived processes;
    ///     `.single` for a process that runs one command and exits.
    ///   - busyTimeout: how long a write waits for another process's write lock.
    package init(
        _ location: DatabaseLocation, migrate: Bool = true, timeSource: TimeSource = .system,
        connections: Connections = .pool, busyTimeout: TimeInterval = defaultBusyTimeout
    ) throws {
        self.location = location
        self.busyTimeout = busyTimeout
        self.connections = connections
        notificationKey = NotificationKey(location: location)
        do {
            dbWriter = try Self.retryingWhileBusy(for: busyTimeout) {
                let writer: any DatabaseWriter
                switch location {
                case .inMemory:
                    writer = try DatabaseQueue(configuration: Self.configuration(busyTimeout: busyTimeout))
                case .file(let path):
                    try Self.prepareFile(at: path)
                    switch connections {
                    case .pool:
                        writer = try DatabasePool(path: path, configuration: Self.configuration(busyTimeout: busyTimeout))
                        // GRDB's WAL setup lowers the writer to NORMAL; commits must reach the disk.
                        try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
                    case .single:
                        // No reader pool, and no write on open (a pool writes when it finds the
                        // log empty): a read-only command stays a read.
                        writer = try DatabaseQueue(path: path, configuration: Self.configuration(busyTimeout: busyTimeout))
                        try writer.writeWithoutTransaction { db in
                            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                            }
                        }
                    }
                }
                if migrate {
                    try Migrator.migrate(writer, path: location.description, at: timeSource.now())
                } else {
                    try writer.read { db in try SchemaState.inspect(db) }.checkCompatible(path: location.description)
                }
                // Ours, then: its log and index may be closed to match it (another program's are left alone).
                if case .file(let path) = location { PrivateFiles.alignSideFiles(of: path) }
                return writer
            }
        } catch {
            throw StoreError.wrapping(error, at: location)
        }
        if case .file(let path) = location { openFile = OpenDatabaseFile(path: path) } else { openFile = nil }
        // Without it, answers are read from the database every time: slower, never stale.
        if connections == .pool, case .file(let path) = location { watch = try? ChangeWatch(path: path) } else { watch = nil }
    }

    /// The database's change counter now: it differs from an earlier reading if anything
    /// committed since, in this process or another. `nil` when it cannot tell (a database in
    /// memory, a one-command store): then nothing read earlier may be trusted.
    package func changeVersion() -> Int64? {
        watch?.version()
    }

    /// How many times SQLite has compiled again, at a step, a statement the writing connection
    /// keeps prepared (`SQLITE_STMTSTATUS_REPREPARE`, summed): 0 while none of the hot path's
    /// statements has a plan that depends on a value bound to it.
    package func statementsCompiledAgain() async throws -> Int {
        try await dbWriter.writeWithoutTransaction { db in
            var count = 0
            var statement = sqlite3_next_stmt(db.sqliteConnection, nil)
            while let current = statement {
                count += Int(sqlite3_stmt_status(current, SQLITE_STMTSTATUS_REPREPARE, 0))
                statement = sqlite3_next_stmt(db.sqliteConnection, current)
            }
            return count
        }
    }

    /// The durability settings in force on the connection that writes.
    package func durability() async throws -> (journalMode: String, synchronous: Int, foreignKeys: Bool) {
        try await dbWriter.writeWithoutTransaction { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?",
             try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
             try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false)
        }
    }

    /// Runs `open` again while it fails because another process is setting up or writing the
    /// same file (SQLite reports some of those collisions as busy without waiting), for at
    /// most the busy timeout.
    private static func retryingWhileBusy<T>(for busyTimeout: TimeInterval, _ open: () throws -> T) throws -> T {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(busyTimeout * 1_000_000_000)
        var pause: UInt32 = 2_000
        while true {
            do {
                return try open()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                guard DispatchTime.now().uptimeNanoseconds < deadline else { throw error }
                usleep(pause)
                pause = min(pause * 2, 100_000)
            }
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: all of it commits, or none of it.
    ///
    /// When nothing else is writing, the transaction runs right here on the caller's thread:
    /// handing it to GRDB's writer queue and back costs two thread wake-ups, a fifth of a
    /// gate cycle. When another write of this store is under way, or another process holds
    /// the write lock, it waits its turn on the writer queue instead, so a thread of Swift's
    /// cooperative pool does not sleep waiting for a lock (see ``WriteTraffic``).
    @discardableResult
    package func write<T: Sendable>(_ body: @Sendable (StoreTransaction) throws -> T) async throws -> T {
        do {
            if traffic.claimCallerThread() {
                defer { traffic.endCallerThread() }
                if let result = try writeUnlessLocked(body) { return result }
            }
            traffic.beginQueued()
            defer { traffic.endQueued() }
            let bell = bell
            return try await dbWriter.writeWithoutTransaction { db in try Self.transaction(db, bell: bell, body) }
        } catch {
            throw StoreError.wrapping(error, at: location)
        }
    }

    /// How many writes have waited their turn on GRDB's writer queue rather than run on their caller's thread.
    package var queuedWrites: Int { traffic.queuedWrites }

    /// Runs `body` in a transaction on this thread, or returns `nil` at once when another
    /// process holds the write lock.
    private func writeUnlessLocked<T: Sendable>(_ body: @Sendable (StoreTransaction) throws -> T) throws -> T? {
        try dbWriter.writeWithoutTransaction { db -> T? in
            sqlite3_busy_timeout(db.sqliteConnection, 0)
            do {
                defer { sqlite3_busy_timeout(db.sqliteConnection, Int32(busyTimeout * 1000)) }
                try Self.beginImmediate(db)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                return nil
            }
            return try Self.finishTransaction(db, bell: bell, body)
        }
    }

    /// Runs `body` in a new `BEGIN IMMEDIATE` transaction of `db`.
    private static func transaction<T>(_ db: Database, bell: NotificationBell, _ body: (StoreTransaction) throws -> T) throws -> T {
        try beginImmediate(db)
        return try finishTransaction(db, bell: bell, body)
    }

    /// Runs `body` in the transaction `db` has begun, then commits, or rolls back if anything
    /// threw; rings `bell` when the committed transaction queued notifications.
    private static func finishTransaction<T>(_ db: Database, bell: NotificationBell, _ body: (StoreTransaction) throws -> T) throws -> T {
        do {
            let transaction = StoreTransaction(db)
            let result = try body(transaction)
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            if transaction.memo.notificationsQueued > 0 { bell.ring() }
            return result
        } catch {
            if db.isInsideTransaction { try? db.rollback() }
            throw error
        }
    }

    /// `BEGIN IMMEDIATE`, through a statement prepared once per connection: GRDB's
    /// `beginTransaction` and `commit` prepare theirs anew each time, and preparing (SQLite's
    /// parser, GRDB's authorizer) was a third of a gate cycle's allocations.
    private static func beginImmediate(_ db: Database) throws {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
    }

    /// Runs `body` on a consistent read-only snapshot of the database.
    package func read<T: Sendable>(_ body: @Sendable (StoreTransaction) throws -> T) async throws -> T {
        do {
            // One command's one connection has nobody to wait for: read on the caller's
            // thread, as a write does, rather than hop to GRDB's queue and back.
            if connections == .single { return try readHere(body) }
            return try await dbWriter.read { db in try body(StoreTransaction(db)) }
        } catch {
            throw StoreError.wrapping(error, at: location)
        }
    }

    /// Runs `body` on a consistent read-only snapshot, on this thread.
    private func readHere<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try dbWriter.read { db in try body(StoreTransaction(db)) }
    }

    /// Checkpoints and empties the write-ahead log, then closes every connection now,
    /// whoever still holds this store; any later use fails.
    package func close() throws {
        watch?.close()
        try dbWriter.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try dbWriter.close()
        openFile?.release()
    }

    /// Closes the connections now, as freeing the last copy of this store would (SQLite
    /// checkpoints and cuts back the log of the last connection to a file); any later use fails.
    package func closeConnections() throws {
        watch?.close()
        try dbWriter.close()
        openFile?.release()
    }

    /// The size the write-ahead log is cut back to after a checkpoint empties it.
    static let walSizeLimit = 4 * 1024 * 1024

    static func configuration(busyTimeout: TimeInterval = defaultBusyTimeout) -> Configuration {
        var config = Configuration()
        config.label = "ParentalGate"
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Takes effect only on a new, empty file: pages freed by `audit prune` can then be
            // given back to the file system (see `reclaimSpace`).
            if !db.configuration.readonly, try Int.fetchOne(db, sql: "PRAGMA page_count") == 0 {
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")  // (on an existing file it writes)
            }
            // Keep the write-ahead log file when the last connection (whichever) closes: the
            // next process then opens without a write (GRDB writes to create a missing one).
            var persist: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            // With a size limit, the last connection to close checkpoints and empties the kept
            // log; without one it leaves the frames, and every later process would find them,
            // rebuild its index from them and write them back into the file again as it exits.
            try db.execute(sql: "PRAGMA journal_size_limit = \(Self.walSizeLimit)")
        }
        return config
    }

    /// Creates the file (`0600`) and its missing folders (`0700`), and refuses, without
    /// writing to it, a file that is not SQLite or not ours: opening a pool would switch a
    /// foreign database to WAL.
    ///
    /// A name SQLite would not open as a plain file (empty, `:memory:`, a `file:` URI) is
    /// refused, and so is a symbolic link to nothing: creating the database through it would
    /// put the file wherever whoever made the link chose. A link to an existing database is
    /// followed (SQLite keeps its log beside the file the link points to).
    private static func prepareFile(at path: String) throws {
        try PrivateFiles.checkName(path)
        try PrivateFiles.createDirectories(PrivateFiles.folder(of: path))
        if let found = PrivateFiles.status(path), found.isSymbolicLink, PrivateFiles.status(path, following: true) == nil {
            throw GateInputError.unusablePath(path, .symbolicLink)
        }
        if PrivateFiles.status(path) == nil, try PrivateFiles.createEmpty(path) { return }
        guard let found = PrivateFiles.status(path, following: true) else { return }
        if found.isDirectory { throw StoreError.notADatabase(path: path) }
        // Open here already, and ours: reading its header would drop this process's locks on it.
        if OpenDatabaseFile.isOpen(found) { return }
        guard let header = PrivateFiles.readStart(of: path, count: 100) else {
            throw StoreError.sqlite(code: 14, message: "cannot open \(path) for reading")
        }
        if header.isEmpty { return }
        guard header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else { throw StoreError.notADatabase(path: path) }
        // Our application id in the header (bytes 68-71): ours, no need to look inside first.
        if header.count == 100, header[68..<72].reduce(0, { $0 << 8 | UInt32($1) }) == UInt32(SchemaState.applicationID) { return }
        var config = configuration()
        config.readonly = true
        let state = try DatabaseQueue(path: path, configuration: config).read(SchemaState.inspect)
        try state.checkCompatible(path: path)
    }
}
