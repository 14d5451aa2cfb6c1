import Crypto
import Foundation

/// The hash chain of the audit log.
///
/// A record's hash is SHA-256 over its predecessor's hash followed by each stored column
/// (id, time, kind, profile, actor, client, challenge, details) as `length:bytes` or `-`
/// for NULL, so changing, inserting or renumbering any record breaks the chain.
enum AuditChain {
    /// The predecessor hash of the very first record.
    static let genesis = Data(repeating: 0, count: 32)

    static func hash(of record: AuditLogRecord) -> Data {
        var hasher = SHA256()
        hasher.update(data: record.prevHash)
        let fields: [String?] = [
            String(record.id), String(record.occurredAt), record.kind, record.profileId.map(String.init),
            record.profileName, record.actor, record.client, record.challengeId, record.details,
        ]
        for field in fields {
            if let field {
                hasher.update(data: Data("\(field.utf8.count):".utf8))
                hasher.update(data: Data(field.utf8))
            } else {
                hasher.update(data: Data("-".utf8))
            }
            hasher.update(data: Data([0x0A]))
        }
        return Data(hasher.finalize())
    }
}
