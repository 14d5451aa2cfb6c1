import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Stores a pending request of `profile` and audits it (`parentAsked`, which queues the
    /// parents' notifications in this transaction, each bound to the request); returns its
    /// number, one never given before. The transaction's account (``attribute(to:)``) is the asker's.
    package func addParentRequest(
        profile: Profile, handleHash: Data, client: String?, expiresAt: Date, at now: Date
    ) throws -> Int64 {
        try ParentRequestRecord(
            handleHash: handleHash, profileId: profile.id, client: client, createdAt: now.millisecondsSince1970,
            expiresAt: expiresAt.millisecondsSince1970, account: memo.account
        ).insertCached(db)
        let id = db.lastInsertedRowID
        try appendAudit(
            AuditEvent(
                .parentAsked, profileID: profile.id, profileName: profile.name, client: client,
                details: ["request": String(id), "expiresAt": String(expiresAt.millisecondsSince1970)]),
            at: now)
        return id
    }

    /// The request behind the asking client's handle, with its sealed session token, if any.
    package func parentRequest(handleHash: Data) throws -> (request: ParentRequest, sessionBox: Data?)? {
        try Row.fetchOne(db.cachedStatement(sql: Self.byHandleSQL), arguments: [handleHash])
            .map { row in (try Self.request(row), row[ParentRequestRecord.Columns.sessionBox]) }
    }

    /// Request number `id`, or ``StoreError/requestNotFound(_:)``.
    package func requireParentRequest(_ id: Int64) throws -> ParentRequest {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.byIDSQL), arguments: [id]) else {
            throw StoreError.requestNotFound("with number \(id)")
        }
        return try Self.request(row)
    }

    /// The number of the request a `request` notification's delivery was made for, if that
    /// request still exists (its removal takes its deliveries with it).
    package func parentRequestID(deliveryID: String) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: Self.requestOfDeliverySQL), arguments: [deliveryID])
    }

    /// The profile's newest request, if any.
    package func latestParentRequest(profileID: Int64) throws -> ParentRequest? {
        try Row.fetchOne(db.cachedStatement(sql: Self.latestSQL), arguments: [profileID]).map(Self.request)
    }

    /// The newest requests (of one profile, or all), newest first.
    /// How many requests still wait for a parent at `time` (pending, not yet expired).
    package func waitingParentRequests(at time: Date) throws -> Int {
        let time = time.millisecondsSince1970
        return try ParentRequestRecord.filter { $0.status == ParentRequest.Status.pending.rawValue && $0.expiresAt > time }.fetchCount(db)
    }

    package func parentRequests(profileID: Int64?, limit: Int) throws -> [ParentRequest] {
        try Row.fetchAll(db.cachedStatement(sql: Self.listSQL), arguments: [profileID, limit]).map(Self.request)
    }

    /// Marks every pending request (of one profile, or all) whose time is up as expired, with
    /// an audit record each; returns how many.
    ///
    /// A request's time is its profile's gate time: the clock's `reading`, or the latest time
    /// the profile's gate has seen when that is later (``GateClock``), so turning the clock
    /// back never makes an expired request pending again.
    @discardableResult
    package func expireParentRequests(profileID: Int64?, reading: Date) throws -> Int {
        let time = reading.millisecondsSince1970
        typealias Columns = ParentRequestRecord.Columns
        let due = try Row.fetchAll(db.cachedStatement(sql: Self.dueSQL), arguments: [time, profileID])
        for row in due {
            let id: Int64 = row[Columns.id]
            let expiresAt: Int64 = row[Columns.expiresAt]
            try execute(cached: Self.expireSQL, arguments: [expiresAt, id])
            try appendAudit(
                AuditEvent(.requestExpired, profileID: row[Columns.profileId], details: ["request": String(id)]),
                at: Date(millisecondsSince1970: row["now"]))
        }
        // An approval nobody picked up while its parent mode lasted: its sealed token goes.
        try execute(cached: Self.unsealSQL, arguments: [time, profileID])
        return due.count
    }

    /// Records a parent's decision on request `id`, pending and not expired at `now` (the
    /// profile's gate time), and audits it; an approval keeps the new session's token sealed
    /// for the asking client. Anything else changes nothing and throws: decided once.
    ///
    /// Never recorded as decided before it was asked: an adult's unlock may have set the
    /// gate's time back below a request made while the clock was ahead.
    package func decideParentRequest(
        _ id: Int64, approved: Bool, by actor: String, sessionID: Int64?, sessionBox: Data?, at now: Date
    ) throws {
        let changed = try execute(
            cached: Self.decideSQL,
            arguments: [approved ? "approved" : "denied", now.millisecondsSince1970, actor, sessionID, sessionBox, id])
        guard changed == 1 else { throw StoreError.constraint("request \(id) is no longer waiting for a parent") }
        let request = try requireParentRequest(id)
        let profileID = try profile(named: request.profile)?.id
        var details = ["request": String(id)]
        if let sessionID { details["session"] = String(sessionID) }
        try appendAudit(
            AuditEvent(approved ? .requestApproved : .requestDenied, profileID: profileID, actor: actor, details: details), at: now)
    }

    /// The asking client has its session token: it is not kept any longer.
    package func markParentRequestPickedUp(_ id: Int64, at now: Date) throws {
        try execute(cached: Self.pickedUpSQL, arguments: [now.millisecondsSince1970, id])
    }

    /// The id of the profile's session opened last (the one an approval just opened).
    package func newestSessionID(profileID: Int64) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: Self.newestSessionSQL), arguments: [profileID])
    }

    // The statements below are built once from the column declarations (`R`: a request, `P`:
    // its profile, `G`: the profile's gate counters, `S`: a parent session), and cached per
    // connection where a child's polling or asking runs them.

    private typealias R = ParentRequestRecord.Columns
    private typealias P = ProfileRecord.Columns

    /// A request with its profile's name and display name.
    private static let requestSQL = """
        SELECT r.*, p.\(P.name.name) AS profile_name, p.\(P.displayName.name) AS profile_display_name
        FROM \(ParentRequestRecord.databaseTableName) r JOIN \(ProfileRecord.databaseTableName) p ON p.\(P.id.name) = r.\(R.profileId.name)
        """
    private static let byHandleSQL = requestSQL + " WHERE r.\(R.handleHash.name) = ?"
    private static let byIDSQL = requestSQL + " WHERE r.\(R.id.name) = ?"
    private static let latestSQL =
        requestSQL + " WHERE r.\(R.profileId.name) = ? ORDER BY r.\(R.createdAt.name) DESC, r.\(R.id.name) DESC LIMIT 1"
    /// ?1: a profile's id, or NULL for every profile; ?2: how many.
    private static let listSQL =
        requestSQL + " WHERE ?1 IS NULL OR r.\(R.profileId.name) = ?1 ORDER BY r.\(R.id.name) DESC LIMIT ?2"

    /// The request a `request` delivery (?) was made for.
    private static let requestOfDeliverySQL = {
        typealias O = OutboxRecord.Columns
        return """
            SELECT \(O.requestId.name) FROM \(OutboxRecord.databaseTableName)
            WHERE \(O.deliveryId.name) = ? AND \(O.eventKind.name) = '\(NotificationEventKind.request.rawValue)' AND \(O.requestId.name) IS NOT NULL
            """
    }()
    /// Request ? (second) picked up at ? (first): its sealed token goes.
    private static let pickedUpSQL = """
        UPDATE \(ParentRequestRecord.databaseTableName) SET \(R.sessionBox.name) = NULL, \(R.pickedUpAt.name) = ? WHERE \(R.id.name) = ?
        """
    /// The id of profile ?'s newest session.
    private static let newestSessionSQL = {
        typealias S = ParentSessionRecord.Columns
        return "SELECT max(\(S.id.name)) FROM \(ParentSessionRecord.databaseTableName) WHERE \(S.profileId.name) = ?"
    }()

    /// The pending requests whose time is up at ?1 (or the profile's later gate time), of
    /// profile ?2 or of all (NULL), with that time as `now`.
    private static let dueSQL = {
        typealias G = GateStateRecord.Columns
        let now = "max(?1, ifnull(g.\(G.latestSeenAt.name), 0))"
        return """
            SELECT r.\(R.id.name), r.\(R.profileId.name), r.\(R.expiresAt.name), \(now) AS now
            FROM \(ParentRequestRecord.databaseTableName) r
            LEFT JOIN \(GateStateRecord.databaseTableName) g ON g.\(G.profileId.name) = r.\(R.profileId.name)
            WHERE r.\(R.status.name) = '\(ParentRequest.Status.pending.rawValue)' AND (?2 IS NULL OR r.\(R.profileId.name) = ?2)
              AND r.\(R.expiresAt.name) <= \(now)
            """
    }()
    /// Request ?2 expired at ?1.
    private static let expireSQL = """
        UPDATE \(ParentRequestRecord.databaseTableName) SET \(R.status.name) = '\(ParentRequest.Status.expired.rawValue)', \(R.decidedAt.name) = ?
        WHERE \(R.id.name) = ?
        """
    /// The sealed tokens of profile ?2's approvals (or every profile's: NULL) whose parent mode
    /// has ended by ?1, dropped.
    private static let unsealSQL = {
        typealias S = ParentSessionRecord.Columns
        return """
            UPDATE \(ParentRequestRecord.databaseTableName) SET \(R.sessionBox.name) = NULL
            WHERE \(R.sessionBox.name) IS NOT NULL AND (?2 IS NULL OR \(R.profileId.name) = ?2)
            AND (\(R.sessionId.name) IS NULL OR \(R.sessionId.name) IN (
                SELECT \(S.id.name) FROM \(ParentSessionRecord.databaseTableName)
                WHERE \(S.endedAt.name) IS NOT NULL OR \(S.expiresAt.name) <= ?1))
            """
    }()
    /// A decision (?1 the status, ?2 the time, ?3 who, ?4 the session, ?5 its sealed token) on
    /// request ?6, only while it waits and has not expired; never dated before the request.
    private static let decideSQL = """
        UPDATE \(ParentRequestRecord.databaseTableName)
        SET \(R.status.name) = ?1, \(R.decidedAt.name) = max(?2, \(R.createdAt.name)), \(R.decidedBy.name) = ?3,
            \(R.sessionId.name) = ?4, \(R.sessionBox.name) = ?5
        WHERE \(R.id.name) = ?6 AND \(R.status.name) = '\(ParentRequest.Status.pending.rawValue)' AND \(R.expiresAt.name) > ?2
        """

    private static func request(_ row: Row) throws -> ParentRequest {
        try ParentRequestRecord(row: row).request(profile: row["profile_name"], displayName: row["profile_display_name"])
    }
}
