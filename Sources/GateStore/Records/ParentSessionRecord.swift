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

// Columns by hand rather than `Codable`: decoding and encoding run on every gate operation.
extension ParentSessionRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "parent_sessions"

    /// Inserts this row (its `id` chosen by SQLite) through a statement prepared once per connection.
    func insertCached(_ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO parent_sessions (profile_id, token_hash, challenge_id, opened_at, expires_at, ended_at, end_reason)
            VALUES (?,?,?,?,?,?,?)
            """
        ).execute(arguments: [profileId, tokenHash, challengeId, openedAt, expiresAt, endedAt, endReason])
    }

    init(row: Row) throws {
        id = row["id"]
        profileId = row["profile_id"]
        tokenHash = row["token_hash"]
        challengeId = row["challenge_id"]
        openedAt = row["opened_at"]
        expiresAt = row["expires_at"]
        endedAt = row["ended_at"]
        endReason = row["end_reason"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["profile_id"] = profileId
        container["token_hash"] = tokenHash
        container["challenge_id"] = challengeId
        container["opened_at"] = openedAt
        container["expires_at"] = expiresAt
        container["ended_at"] = endedAt
        container["end_reason"] = endReason
    }
}
