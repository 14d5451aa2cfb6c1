import Foundation
import GateCore
import GRDB

/// A row of `parent_sessions`.
struct ParentSessionRecord: Hashable {
    var id: Int64?
    var profileId: Int64
    var tokenHash: Data
    var challengeId: String?
    var openedAt: Int64
    var expiresAt: Int64
    var endedAt: Int64?
    var endReason: String?

    /// The domain value of this row.
    func session() throws -> ParentSession {
        guard let id else { throw StoreError.constraint("session row without id") }
        return ParentSession(
            id: id, profileID: profileId, challengeID: challengeId.flatMap(ChallengeID.init),
            openedAt: Date(millisecondsSince1970: openedAt), expiresAt: Date(millisecondsSince1970: expiresAt),
            endedAt: endedAt.map(Date.init(millisecondsSince1970:)))
    }
}

// MARK: - Database

extension ParentSessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "parent_sessions"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}
