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

extension ParentSessionRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "parent_sessions"
    static let insertSQL = insertStatement()
    static let byTokenHashSQL = selectSQL(where: .tokenHash)
    static let byIDSQL = selectSQL(where: .id)
    /// A profile's live session at a time: not ended, expiring later, the latest first.
    static let liveSQL = """
        SELECT * FROM \(databaseTableName)
        WHERE \(Columns.profileId.name) = ? AND \(Columns.endedAt.name) IS NULL AND \(Columns.expiresAt.name) > ?
        ORDER BY \(Columns.expiresAt.name) DESC LIMIT 1
        """
    /// The end of a session: its time and reason.
    static let endSQL = updateSQL(set: [.endedAt, .endReason], where: .id)

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, profileId = "profile_id", tokenHash = "token_hash", challengeId = "challenge_id", openedAt = "opened_at"
        case expiresAt = "expires_at", endedAt = "ended_at", endReason = "end_reason"
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        profileId = try row[Columns.profileId]
        tokenHash = try row[Columns.tokenHash]
        challengeId = try row[Columns.challengeId]
        openedAt = try row[Columns.openedAt]
        expiresAt = try row[Columns.expiresAt]
        endedAt = try row[Columns.endedAt]
        endReason = try row[Columns.endReason]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .profileId: profileId
        case .tokenHash: tokenHash
        case .challengeId: challengeId
        case .openedAt: openedAt
        case .expiresAt: expiresAt
        case .endedAt: endedAt
        case .endReason: endReason
        }
    }
}
