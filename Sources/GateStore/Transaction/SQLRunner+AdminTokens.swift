import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// Stores the hash of `token` (a new one when `nil`) as an admin token, retires the
    /// stored tokens `retiring` names, and audits both in one record (`revoked`: how many).
    /// Returns the token; when it is already stored and nothing is retired, nothing changes.
    @discardableResult
    package func addAdminToken(
        _ token: String?, label: Label, retiring: AdminTokenRetirement, by actor: Label, at now: Date
    ) throws -> String {
        typealias Columns = AdminTokenRecord.Columns
        let token = token ?? SecretToken.generate()
        let hash = SecretToken.hash(token)
        let prefix = AdminTokenRetirement.fileLabelPrefix
        // The other tokens `retiring` names: every one, or those a token file made.
        let retired: (condition: String, arguments: [(any DatabaseValueConvertible)?])? = switch retiring {
        case .none: nil
        case .fileTokens: ("\(Columns.tokenHash.name) <> ? AND substr(\(Columns.label.name), 1, \(prefix.count)) = ?", [hash, prefix])
        case .all: ("\(Columns.tokenHash.name) <> ?", [hash])
        }
        let table = AdminTokenRecord.databaseTableName
        let revoked = try retired.map { retired in
            try fetchOne(SingleValue.self, "SELECT count(*) FROM \(table) WHERE \(retired.condition)", retired.arguments)?.count ?? 0
        } ?? 0
        let stored = try isAdminToken(hash: hash)
        guard !stored || revoked > 0 else { return token }
        if let retired, revoked > 0 { try execute("DELETE FROM \(table) WHERE \(retired.condition)", retired.arguments) }
        if !stored {
            try execute(
                "INSERT INTO \(table) (\(Columns.tokenHash.name), \(Columns.label.name), \(Columns.createdAt.name), \(Columns.createdBy.name)) VALUES (?, ?, ?, ?)",
                [hash, label.value, now.millisecondsSince1970, actor.value])
        }
        var details = ["label": label.value]
        if revoked > 0 { details["revoked"] = String(revoked) }
        try appendAudit(AuditEvent(.adminTokenCreated, actor: actor.value, details: details), at: now)
        return token
    }

    /// Whether `token` opens the admin API.
    package func isAdminToken(_ token: String) throws -> Bool {
        try isAdminToken(hash: SecretToken.hash(token))
    }

    /// Whether a token whose SHA-256 is `hash` is stored.
    private func isAdminToken(hash: Data) throws -> Bool {
        let found = try fetchOne(
            SingleValue.self,
            "SELECT count(*) FROM \(AdminTokenRecord.databaseTableName) WHERE \(AdminTokenRecord.Columns.tokenHash.name) = ?", [hash])
        return (found?.count ?? 0) > 0
    }
}
