import Foundation
import GateCore
import GRDB

/// A row of `audit_log`.
struct AuditLogRecord: Hashable {
    var id: Int64
    var occurredAt: Int64
    var kind: String
    var profileId: Int64?
    var profileName: String?
    var actor: String?
    var client: String?
    var challengeId: String?
    var details: String
    var prevHash: Data
    var hash: Data

    /// The record for `event`, numbered `id`, chained to `previousHash`, with its hash computed.
    init(id: Int64, occurredAt: Date, event: AuditEvent, previousHash: Data) throws {
        self.id = id
        self.occurredAt = occurredAt.millisecondsSince1970
        kind = event.kind.rawValue
        profileId = event.profileID
        profileName = event.profileName
        actor = event.actor
        client = event.client
        challengeId = event.challengeID?.rawValue
        details = try JSONText.encode(event.details)
        prevHash = previousHash
        hash = Data()
        hash = AuditChain.hash(of: self)
    }

    /// The domain value of this row.
    func entry() throws -> AuditEntry {
        guard let kind = AuditEventKind(rawValue: kind) else { throw StoreError.constraint("unknown audit kind \(kind)") }
        let event = AuditEvent(
            kind, profileID: profileId, profileName: profileName, actor: actor, client: client,
            challengeID: challengeId.flatMap(ChallengeID.init),
            details: (try? JSONText.decode([String: String].self, from: details)) ?? [:])
        return AuditEntry(
            id: id, occurredAt: Date(millisecondsSince1970: occurredAt), event: event, previousHash: Array(prevHash),
            hash: Array(hash))
    }
}

// MARK: - Database

extension AuditLogRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "audit_log"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}
