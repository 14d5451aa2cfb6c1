import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Stores the hash of `token` (a new one when `nil`) as an admin token and audits it.
    /// Returns the token; an already stored one is left as it is.
    @discardableResult
    package func addAdminToken(_ token: String?, label: Label, by actor: Label, at now: Date) throws -> String {
        let token = token ?? SecretToken.generate()
        let hash = SecretToken.hash(token)
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM admin_tokens WHERE token_hash = ?", arguments: [hash]) == 0 else {
            return token
        }
        try db.execute(
            sql: "INSERT INTO admin_tokens (token_hash, label, created_at, created_by) VALUES (?, ?, ?, ?)",
            arguments: [hash, label.value, now.millisecondsSince1970, actor.value])
        try appendAudit(AuditEvent(.adminTokenCreated, actor: actor.value, details: ["label": label.value]), at: now)
        return token
    }

    /// Whether `token` opens the admin API.
    package func isAdminToken(_ token: String) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM admin_tokens WHERE token_hash = ?", arguments: [SecretToken.hash(token)]) ?? 0 > 0
    }
}
