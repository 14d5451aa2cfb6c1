import Foundation
import GateCore
import GateStore

extension Gate {
    /// What a restore did: the schema version of what is now the database, and where the
    /// database it replaced was kept, if there was one.
    package struct RestoreReport: Sendable {
        package var schemaVersion: Int
        package var auditRecords: Int
        package var replacedKeptAt: String?
    }

    /// Replaces the database at `path` with the backup at `backup` (one `db backup` wrote),
    /// with no process using the database: the backup is copied beside the database and
    /// checked there first (SQLite's integrity and foreign-key checks, a ParentalGate schema
    /// no newer than this build's, an intact audit chain); only a sound copy takes the
    /// database's place, and the database it replaces (with its write-ahead log) is kept at
    /// `path.before-restore-YYYYMMDDHHMMSS`; the restored file belongs to the replaced one's
    /// owner. Refused while another process has the database open (as far as this process may
    /// see: all of them, for root). The backup itself is opened read-only and left as it was.
    /// `timeSource` dates the kept database's name.
    package static func restore(
        database path: String, from backup: String, timeSource: TimeSource = .system
    ) async throws(GateError) -> RestoreReport {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: backup, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .invalidInput(.unrestorableBackup("no backup file at \(backup.escapedForMessage)"))
        }
        let resolved = { (file: String) in URL(fileURLWithPath: file).resolvingSymlinksInPath().path }
        guard resolved(backup) != resolved(path) else {
            throw .invalidInput(.unrestorableBackup("\(backup.escapedForMessage) is the database itself"))
        }
        if let holder = processesHolding(path).first {
            throw .conflict(.databaseInUse(path: path, process: holder))
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .database(DatabaseFailure(.other, "cannot make the database's folder \(folder): \(error.localizedDescription)"))
        }
        let copy = folder + "/.restore-\(UUID().uuidString).sqlite"
        let sideFiles = { (file: String) in ["", "-wal", "-shm", "-journal"].map { file + $0 } }
        defer { for file in sideFiles(copy) { try? manager.removeItem(atPath: file) } }
        let report: RestoreReport
        do {
            try GateStore.copyDatabase(from: backup, to: copy)
            let gate = try Gate(database: .file(copy), migrate: false, singleConnection: true)
            let problems = try await gate.integrityProblems()
            let status = try await gate.databaseStatus()
            let audit = try await gate.verifyAudit()
            try gate.close()
            if let problem = problems.first {
                throw GateError.invalidInput(.unrestorableBackup("the backup \(backup.escapedForMessage) is damaged: \(problem); nothing was replaced"))
            }
            guard audit.isIntact else {
                throw GateError.invalidInput(.unrestorableBackup("the backup's audit log is not intact (\(audit.message)); nothing was replaced"))
            }
            report = RestoreReport(schemaVersion: status.schemaVersion, auditRecords: audit.checked, replacedKeptAt: nil)
        } catch let error as GateError {
            if case .invalidInput = error { throw error }
            throw .invalidInput(.unrestorableBackup("the backup \(backup.escapedForMessage) cannot be restored: \(error.description); nothing was replaced"))
        } catch {
            throw .invalidInput(.unrestorableBackup("the backup \(backup.escapedForMessage) cannot be restored: \(error); nothing was replaced"))
        }
        // The database and its log move aside together (a log applies only to its own file),
        // under a name of their own: an earlier restore's kept database is never replaced.
        let stamp = timeSource.now().iso8601Milliseconds.filter { $0.isNumber }.prefix(14)
        let keep = "\(path).before-restore-\(stamp)"
        var moved: [(from: String, to: String)] = []
        do {
            for (from, to) in zip(sideFiles(path), sideFiles(keep)) where manager.fileExists(atPath: from) {
                try manager.moveItem(atPath: from, toPath: to)
                moved.append((from, to))
            }
            guard chmod(copy, 0o600) == 0, rename(copy, path) == 0 else {
                throw GateError.database(DatabaseFailure(.other, "cannot put the restored database at \(path): \(String(cString: strerror(errno)))"))
            }
        } catch {
            // Put back what moved: the database stays as it was.
            for file in moved.reversed() { try? manager.moveItem(atPath: file.to, toPath: file.from) }
            if let error = error as? GateError { throw error }
            throw .database(DatabaseFailure(.other, "cannot move the database aside to \(keep): \(error.localizedDescription); it stays as it was"))
        }
        let kept: String? = moved.isEmpty ? nil : keep
        var done = report
        done.replacedKeptAt = kept
        return done
    }

    /// The processes other than this one with `path` (or its log) open, as `/proc` shows
    /// them to this process.
    private static func processesHolding(_ path: String) -> [Int32] {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let names: Set<String> = [target, target + "-wal", target + "-shm"]
        let own = getpid()
        return ((try? manager.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
            pid != own && ((try? manager.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).contains { descriptor in
                (try? manager.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")).map(names.contains) ?? false
            }
        }.sorted()
    }
}
