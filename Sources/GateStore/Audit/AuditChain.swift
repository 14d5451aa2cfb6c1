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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        bytes.append(contentsOf: record.prevHash)
        func append(_ field: String?) {
            if let field {
                bytes.append(contentsOf: String(field.utf8.count).utf8)
                bytes.append(UInt8(ascii: ":"))
                bytes.append(contentsOf: field.utf8)
            } else {
                bytes.append(UInt8(ascii: "-"))
            }
            bytes.append(0x0A)
        }
        append(String(record.id))
        append(String(record.occurredAt))
        append(record.kind)
        append(record.profileId.map(String.init))
        append(record.profileName)
        append(record.actor)
        append(record.client)
        append(record.challengeId)
        append(record.details)
        return Data(SHA256.hash(data: bytes))
    }
}
