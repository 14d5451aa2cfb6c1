import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Stores the hash of `token` (a new one when `nil`) as an admin token, retires the
    /// stored tokens `retiring` names, and audits both in one record (`revoked`: how many).
    /// Returns the token; when it is already stored and nothing is retired, nothing changes.
    @discardableResult
    package func addAdminToken(
        _ token: String?, label: Label, retiring: AdminTokenRetirement = .none, by actor: Label, at now: Date
    ) throws -> String {
        let token = token ?? SecretToken.generate()
        let hash = SecretToken.hash(token)
        let prefix = AdminTokenRetirement.fileLabelPrefix
        let retired: (sql: String, arguments: StatementArguments)? = switch retiring {
        case .none: nil
        case .fileTokens: ("token_hash <> ? AND substr(label, 1, ?) = ?", [hash, prefix.count, prefix])
        case .all: ("token_hash <> ?", [hash])
        }
        let revoked = try retired.map { try Int.fetchOne(db, sql: "SELECT count(*) FROM admin_tokens WHERE \($0.sql)", arguments: $0.arguments) ?? 0 } ?? 0
        let stored = try Int.fetchOne(db, sql: "SELECT count(*) FROM admin_tokens WHERE token_hash = ?", arguments: [hash]) ?? 0 > 0
        guard !stored || revoked > 0 else { return token }
        if let retired, revoked > 0 { try db.execute(sql: "DELETE FROM admin_tokens WHERE \(retired.sql)", arguments: retired.arguments) }
        if !stored {
            try db.execute(
                sql: "INSERT INTO admin_tokens (token_hash, label, created_at, created_by) VALUES (?, ?, ?, ?)",
                arguments: [hash, label.value, now.millisecondsSince1970, actor.value])
        }
        var details = ["label": label.value]
        if revoked > 0 { details["revoked"] = String(revoked) }
        try appendAudit(AuditEvent(.adminTokenCreated, actor: actor.value, details: details), at: now)
        return token
    }

    /// Whether `token` opens the admin API.
    package func isAdminToken(_ token: String) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM admin_tokens WHERE token_hash = ?", arguments: [SecretToken.hash(token)]) ?? 0 > 0
    }
}
