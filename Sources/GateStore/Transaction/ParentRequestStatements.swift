import Foundation
import GateCore
import GRDB

/// The statements of requests to a parent, built once from the column declarations (`R`: a
/// request, `P`: its profile, `G`: the profile's gate counters, `S`: a parent session), in SQL
/// both backends take (each argument a `?` of its own, in order).
enum ParentRequestStatements {
    typealias R = ParentRequestRecord.Columns
    typealias P = ProfileRecord.Columns
    typealias G = GateStateRecord.Columns
    typealias S = ParentSessionRecord.Columns

    static let requests = ParentRequestRecord.databaseTableName
    static let pending = ParentRequest.Status.pending.rawValue

    /// A request with its profile's name and display name.
    static let requestSQL = """
        SELECT r.*, p.\(P.name.name) AS profile_name, p.\(P.displayName.name) AS profile_display_name
        FROM \(requests) r JOIN \(ProfileRecord.databaseTableName) p ON p.\(P.id.name) = r.\(R.profileId.name)
        """
    static let byHandleSQL = requestSQL + " WHERE r.\(R.handleHash.name) = ?"
    static let byIDSQL = requestSQL + " WHERE r.\(R.id.name) = ?"
    static let latestSQL =
        requestSQL + " WHERE r.\(R.profileId.name) = ? ORDER BY r.\(R.createdAt.name) DESC, r.\(R.id.name) DESC LIMIT 1"
    /// Of profile ? (every profile when that, and its repeat, is NULL), newest first, at most ?.
    static let listSQL =
        requestSQL + " WHERE CAST(? AS BIGINT) IS NULL OR r.\(R.profileId.name) = ? ORDER BY r.\(R.id.name) DESC LIMIT ?"
    /// How many wait for a parent at ?.
    static let waitingSQL = "SELECT count(*) FROM \(requests) WHERE \(R.status.name) = '\(pending)' AND \(R.expiresAt.name) > ?"

    static let requestOfDeliverySQL = {
        typealias O = OutboxRecord.Columns
        return """
            SELECT \(O.requestId.name) FROM \(OutboxRecord.databaseTableName)
            WHERE \(O.deliveryId.name) = ? AND \(O.eventKind.name) = '\(NotificationEventKind.request.rawValue)' AND \(O.requestId.name) IS NOT NULL
            """
    }()
    static let pickedUpSQL = """
        UPDATE \(requests) SET \(R.sessionBox.name) = NULL, \(R.pickedUpAt.name) = ? WHERE \(R.id.name) = ?
        """
    static let newestSessionSQL =
        "SELECT max(\(S.id.name)) FROM \(ParentSessionRecord.databaseTableName) WHERE \(S.profileId.name) = ?"

    /// The pending requests whose time is up at the gate's time (the later of ? and the
    /// profile's latest time seen), of profile ? (every one when that, and its repeat, is NULL).
    static func dueSQL(_ dialect: SQLDialect) -> String {
        let now = dialect.greatest("CAST(? AS BIGINT)", "coalesce(g.\(G.latestSeenAt.name), 0)")
        return """
            SELECT r.\(R.id.name) AS id, r.\(R.profileId.name) AS profile_id, r.\(R.expiresAt.name) AS expires_at, \(now) AS now
            FROM \(requests) r
            LEFT JOIN \(GateStateRecord.databaseTableName) g ON g.\(G.profileId.name) = r.\(R.profileId.name)
            WHERE r.\(R.status.name) = '\(pending)' AND (CAST(? AS BIGINT) IS NULL OR r.\(R.profileId.name) = ?)
              AND r.\(R.expiresAt.name) <= \(now)
            """
    }
    static let expireSQL = """
        UPDATE \(requests) SET \(R.status.name) = '\(ParentRequest.Status.expired.rawValue)', \(R.decidedAt.name) = ?
        WHERE \(R.id.name) = ?
        """
    /// The sealed tokens of approvals (of profile ?, every one when that and its repeat are
    /// NULL) whose parent mode ended or ran out by ?.
    ///
    /// Each approval's session is looked up by its id: an `IN` list of every ended session
    /// read the whole, ever-growing sessions table on each call while one token was sealed.
    static let unsealSQL = """
        UPDATE \(requests) SET \(R.sessionBox.name) = NULL
        WHERE \(R.sessionBox.name) IS NOT NULL AND (CAST(? AS BIGINT) IS NULL OR \(R.profileId.name) = ?)
        AND (\(R.sessionId.name) IS NULL OR EXISTS (
            SELECT 1 FROM \(ParentSessionRecord.databaseTableName) s
            WHERE s.\(S.id.name) = \(requests).\(R.sessionId.name) AND (s.\(S.endedAt.name) IS NOT NULL OR s.\(S.expiresAt.name) <= ?)))
        """
    /// A decision (status ?, at ?, by ?, its session ? and sealed token ?) on request ?, only
    /// while it is pending and not expired at ? (the decision's time again).
    static func decideSQL(_ dialect: SQLDialect) -> String {
        """
        UPDATE \(requests)
        SET \(R.status.name) = ?, \(R.decidedAt.name) = \(dialect.greatest("CAST(? AS BIGINT)", R.createdAt.name)), \(R.decidedBy.name) = ?,
            \(R.sessionId.name) = ?, \(R.sessionBox.name) = ?
        WHERE \(R.id.name) = ? AND \(R.status.name) = '\(pending)' AND \(R.expiresAt.name) > ?
        """
    }
}

/// A row of ``ParentRequestStatements/requestSQL``: a request with its sealed session token.
struct RequestRow: ReadableRecord {
    var request: ParentRequest
    var sessionBox: Data?

    init(row: some ColumnReader) throws {
        request = try ParentRequestRecord(row: row).request(profile: try row["profile_name"], displayName: try row["profile_display_name"])
        sessionBox = try row[ParentRequestRecord.Columns.sessionBox]
    }
}

/// A row of ``ParentRequestStatements/dueSQL(_:)``: a request whose time is up, and the gate's time.
struct DueRequest: ReadableRecord {
    var id: Int64
    var profileID: Int64
    var expiresAt: Int64
    var now: Int64

    init(row: some ColumnReader) throws {
        id = try row["id"]
        profileID = try row["profile_id"]
        expiresAt = try row["expires_at"]
        now = try row["now"]
    }
}
