import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Stores the hash of `token` (a new one when `nil`) as an admin token, retires the
    /// stored tokens `retiring` names, and audits both in one record (`revoked`: how many).
    /// Returns the token; when it is already stored and nothing is retired, nothing changes.
    @discardableResult
    package func addAdminToken(
        _ token: String?, label: Label, retiring: AdminTokenRetirement, by actor: Label, at now: Date
    ) throws -> String {
        let token = token ?? SecretToken.generate()
        let hash = SecretToken.hash(token)
        let prefix = AdminTokenRetirement.fileLabelPrefix
        let others = AdminTokenRecord.filter { $0.tokenHash != hash }
        let retired: QueryInterfaceRequest<AdminTokenRecord>? = switch retiring {
        case .none: nil
        case .fileTokens: others.filter(literal: "substr(\(AdminTokenRecord.Columns.label), 1, \(prefix.count)) = \(prefix)")
        case .all: others
        }
        let revoked = try retired?.fetchCount(db) ?? 0
        let stored = try AdminTokenRecord.filter { $0.tokenHash == hash }.isEmpty(db) == false
        guard !stored || revoked > 0 else { return token }
        if let retired, revoked > 0 { try retired.deleteAll(db) }
        if !stored {
            try AdminTokenRecord(id: nil, tokenHash: hash, label: label.value, createdAt: now.millisecondsSince1970, createdBy: actor.value)
                .insert(db)
        }
        var details = ["label": label.value]
        if revoked > 0 { details["revoked"] = String(revoked) }
        try appendAudit(AuditEvent(.adminTokenCreated, actor: actor.value, details: details), at: now)
        return token
    }

    /// Whether `token` opens the admin API.
    package func isAdminToken(_ token: String) throws -> Bool {
        let hash = SecretToken.hash(token)
        return try !AdminTokenRecord.filter { $0.tokenHash == hash }.isEmpty(db)
    }
}
