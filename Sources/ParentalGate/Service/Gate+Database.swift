import Foundation
import GateCore
import GateStore

extension Gate {
    /// Schema version, pending migrations, file sizes and row counts.
    public func databaseStatus() async throws(GateError) -> DatabaseStatus {
        let status: StoreStatus
        do {
            status = try await store.status()
        } catch {
            throw GateError.from(error)
        }
        let counts = status.counts
        return DatabaseStatus(
            path: status.location.description, schemaVersion: status.schemaVersion,
            latestSchemaVersion: status.latestVersion, pendingMigrations: status.pendingMigrations,
            journalMode: status.journalMode, fileBytes: status.fileBytes, walBytes: status.walBytes,
            counts: [
                "profiles": counts.profiles, "questionSets": counts.questionSets, "questions": counts.questions,
                "challenges": counts.challenges, "attempts": counts.attempts, "parentSessions": counts.parentSessions,
                "auditRecords": counts.auditRecords, "policyChanges": counts.policyChanges,
            ])
    }

    /// Walks the audit log's hash chain and reports the first edited or deleted record.
    public func verifyAudit() async throws(GateError) -> AuditReport {
        let verification: AuditVerification
        do {
            verification = try await store.verifyAudit()
        } catch {
            throw GateError.from(error)
        }
        let brokenID: Int64? = switch verification.problem {
        case nil: nil
        case .altered(let id)?, .brokenLink(let id)?, .anchorMismatch(let id)?: id
        case .missing(let id, _)?: id
        case .truncated(let last, _)?: last + 1
        case .unbackedAnchor?: 1
        }
        return AuditReport(
            isIntact: verification.isIntact, checked: verification.checked, brokenRecordID: brokenID,
            message: verification.description)
    }

    /// Audit entries matching `filter`, oldest first.
    public func auditEntries(_ filter: AuditFilter = AuditFilter()) async throws(GateError) -> [AuditEntry] {
        try await read { try $0.auditEntries(filter) }
    }
}

extension Gate {
    /// Problems SQLite's integrity and foreign-key checks find; empty when the file is sound.
    public func integrityProblems() async throws(GateError) -> [String] {
        do {
            return try await store.integrityProblems()
        } catch {
            throw GateError.from(error)
        }
    }

    /// Copies the database to a new file with SQLite's online backup (safe while in use).
    public func backup(to path: String) async throws(GateError) {
        do {
            try await store.backup(to: path)
        } catch {
            throw GateError.from(error)
        }
    }
}
