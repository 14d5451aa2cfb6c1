import Foundation
import GateCore
import GateStore

extension Gate {
    /// Schema version, pending migrations, file sizes and row counts.
    public func databaseStatus() async throws(GateError) -> DatabaseStatus {
        let file = try sqliteFile(for: "database status")
        let status = try await onStorage(writing: false) { try await file.status() }
        let counts = status.counts
        return DatabaseStatus(
            path: status.location.description, schemaVersion: status.schemaVersion,
            latestSchemaVersion: status.latestVersion, pendingMigrations: status.pendingMigrations,
            journalMode: status.journalMode, fileBytes: status.fileBytes, walBytes: status.walBytes,
            permissionWarnings: storage.sqlite?.fileExposures() ?? [],
            counts: [
                "profiles": counts.profiles, "questionSets": counts.questionSets, "questions": counts.questions,
                "challenges": counts.challenges, "attempts": counts.attempts, "parentSessions": counts.parentSessions,
                "auditRecords": counts.auditRecords, "policyChanges": counts.policyChanges,
            ])
    }

    /// Walks the audit log's hash chain and reports the first edited or deleted record.
    public func verifyAudit() async throws(GateError) -> AuditReport {
        let storage = storage
        let verification = try await onStorage(writing: false) { try await storage.verifyAudit() }
        let brokenID: Int64? = switch verification.problem {
        case nil: nil
        case .altered(let id)?, .brokenLink(let id)?, .anchorMismatch(let id)?, .runAltered(let id)?: id
        case .missing(let id, _)?: id
        case .truncated(let last, _)?: last + 1
        case .unbackedAnchor?: 1
        }
        return AuditReport(
            isIntact: verification.isIntact, checked: verification.checked, brokenRecordID: brokenID,
            message: verification.description)
    }

}

extension Gate {
    /// Problems SQLite's integrity and foreign-key checks find, and what a write needs and
    /// cannot do, on a connection of its own; empty when the file is sound and writable.
    public func integrityProblems() async throws(GateError) -> [String] {
        let file = try sqliteFile(for: "an integrity check")
        return try await onStorage(writing: false) { try await file.integrityProblems() }
    }

    /// Copies the database to a new private file (`0600`) with SQLite's online backup
    /// (safe while in use).
    ///
    /// Refuses, as ``GateError/invalidInput(_:)`` with a ``PathProblem``, a path SQLite would not
    /// treat as a file (empty, `:memory:`, `file:` URIs), a symbolic link, a folder or device,
    /// the database's own files, and an existing file unless `replacing`.
    public func backup(to path: String, replacing: Bool = false) async throws(GateError) {
        let file = try sqliteFile(for: "a backup")
        try await onStorage(writing: false) { try await file.backup(to: path, replacing: replacing) }
    }

    /// Writes `data` (an export) to a new private file (`0600`) at `path`, refusing what
    /// ``backup(to:replacing:)`` refuses: never over the database itself, through a link,
    /// or over an existing file unless `replacing`.
    public func writeFile(_ data: Data, to path: String, replacing: Bool = false) throws(GateError) {
        do {
            if let file = storage.sqlite {
                try file.writeFile(data, to: path, replacing: replacing)
            } else {
                try GateStore.writeFile(data, to: path, replacing: replacing, protecting: [])
            }
        } catch {
            throw GateError.from(error)
        }
    }

    /// Writes `data` to a new private file (`0600`) at `path`, refusing a link or an existing
    /// file unless `replacing`, and never over one of `protected` (``databaseFiles``): for a
    /// program without a database of its own (gatectl writing what the daemon made).
    public static func writePrivateFile(
        _ data: Data, to path: String, replacing: Bool = false, protecting protected: [String] = []
    ) throws(GateError) {
        do {
            try GateStore.writeFile(data, to: path, replacing: replacing, protecting: protected)
        } catch {
            throw GateError.from(error)
        }
    }

    /// The database's files, as named and as resolved, which no file this gate writes replaces.
    package var databaseFiles: [String] {
        storage.sqlite?.ownFiles ?? []
    }

    /// The database's files (and its folder) that accounts other than the owner can read or write.
    public func fileExposures() -> [FileExposure] {
        storage.sqlite?.fileExposures() ?? []
    }

    /// Ends every ``events()`` and ``updates(after:pollInterval:)`` stream and closes the
    /// database, however many copies of this gate are still held; any later use fails
    /// (``DatabaseFailure/Kind/closed``).
    ///
    /// Reads and writes under way finish first: the database then closes as the last of them
    /// ends, and this returns at once. An SQLite file's write-ahead log is emptied into it: a
    /// process about to exit would otherwise leave the log full for the next one. A second
    /// call does nothing.
    public func close() throws(GateError) {
        hub.finish()
        let storage = storage
        guard operations.close(otherwise: { try? storage.close() }) else { return }
        do {
            try storage.close()
        } catch {
            throw GateError.from(error)
        }
    }

    /// Closes the database now as freeing the last copy of this gate would, however many
    /// copies are still held: for a process about to exit that keeps them. Any later use fails.
    package func closeConnection() throws(GateError) {
        let storage = storage
        let closing: @Sendable () throws -> Void = {
            if let file = storage.sqlite { try file.closeConnections() } else { try storage.close() }
        }
        guard operations.close(otherwise: { try? closing() }) else { return }
        do {
            try closing()
        } catch {
            throw GateError.from(error)
        }
    }
}
