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
        try execute(
            cached: """
                INSERT INTO parent_requests (handle_hash, profile_id, client, account, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [handleHash, profile.id, client, memo.account, now.millisecondsSince1970, expiresAt.millisecondsSince1970])
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
        try Row.fetchOne(db.cachedStatement(sql: Self.requestQuery + " WHERE r.handle_hash = ?"), arguments: [handleHash])
            .map { (try Self.request($0), $0["session_box"]) }
    }

    /// Request number `id`, or ``StoreError/requestNotFound(_:)``.
    package func requireParentRequest(_ id: Int64) throws -> ParentRequest {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.requestQuery + " WHERE r.id = ?"), arguments: [id]) else {
            throw StoreError.requestNotFound("with number \(id)")
        }
        return try Self.request(row)
    }

    /// The number of the request a `request` notification's delivery was made for, if that
    /// request still exists (its removal takes its deliveries with it).
    package func parentRequestID(deliveryID: String) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: """
                SELECT request_id FROM notification_outbox
                WHERE delivery_id = ? AND event_kind = 'request' AND request_id IS NOT NULL
                """),
            arguments: [deliveryID])
    }

    /// The profile's newest request, if any.
    package func latestParentRequest(profileID: Int64) throws -> ParentRequest? {
        try Row.fetchOne(
            db.cachedStatement(sql: Self.requestQuery + " WHERE r.profile_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT 1"),
            arguments: [profileID]
        ).map(Self.request)
    }

    /// The newest requests (of one profile, or all), newest first.
    /// How many requests still wait for a parent at `time` (pending, not yet expired).
    package func waitingParentRequests(at time: Date) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM parent_requests WHERE status = 'pending' AND expires_at > ?",
            arguments: [time.millisecondsSince1970]) ?? 0
    }

    package func parentRequests(profileID: Int64?, limit: Int) throws -> [ParentRequest] {
        try Row.fetchAll(
            db.cachedStatement(sql: Self.requestQuery + " WHERE ?1 IS NULL OR r.profile_id = ?1 ORDER BY r.id DESC LIMIT ?2"),
            arguments: [profileID, limit]
        ).map(Self.request)
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
        let due = try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT r.id, r.profile_id, r.expires_at, max(?1, ifnull(g.latest_seen_at, 0)) AS now
                FROM parent_requests r LEFT JOIN gate_states g ON g.profile_id = r.profile_id
                WHERE r.status = 'pending' AND (?2 IS NULL OR r.profile_id = ?2)
                  AND r.expires_at <= max(?1, ifnull(g.latest_seen_at, 0))
                """),
            arguments: [time, profileID])
        for row in due {
            let id: Int64 = row["id"]
            let expiresAt: Int64 = row["expires_at"]
            try execute(
                cached: "UPDATE parent_requests SET status = 'expired', decided_at = ? WHERE id = ?", arguments: [expiresAt, id])
            try appendAudit(
                AuditEvent(.requestExpired, profileID: row["profile_id"], details: ["request": String(id)]),
                at: Date(millisecondsSince1970: row["now"]))
        }
        // An approval nobody picked up while its parent mode lasted: its sealed token goes.
        try execute(
            cached: """
                UPDATE parent_requests SET session_box = NULL
                WHERE session_box IS NOT NULL AND (?2 IS NULL OR profile_id = ?2)
                AND (session_id IS NULL OR session_id IN (
                    SELECT id FROM parent_sessions WHERE ended_at IS NOT NULL OR expires_at <= ?1))
                """,
            arguments: [time, profileID])
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
            cached: """
                UPDATE parent_requests SET status = ?1, decided_at = max(?2, created_at), decided_by = ?3, session_id = ?4, session_box = ?5
                WHERE id = ?6 AND status = 'pending' AND expires_at > ?2
                """,
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
        try execute(
            cached: "UPDATE parent_requests SET session_box = NULL, picked_up_at = ? WHERE id = ?",
            arguments: [now.millisecondsSince1970, id])
    }

    /// The id of the profile's session opened last (the one an approval just opened).
    package func newestSessionID(profileID: Int64) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT max(id) FROM parent_sessions WHERE profile_id = ?"), arguments: [profileID])
    }

    private static let requestQuery = """
        SELECT r.*, p.name AS profile_name, p.display_name AS profile_display_name
        FROM parent_requests r JOIN profiles p ON p.id = r.profile_id
        """

    private static func request(_ row: Row) throws -> ParentRequest {
        guard let status = ParentRequest.Status(rawValue: row["status"]) else {
            throw StoreError.constraint("unknown request status")
        }
        return ParentRequest(
            id: row["id"], profile: row["profile_name"], displayName: row["profile_display_name"], client: row["client"],
            account: row["account"], createdAt: Date(millisecondsSince1970: row["created_at"]), expiresAt: Date(millisecondsSince1970: row["expires_at"]),
            status: status, decidedAt: (row["decided_at"] as Int64?).map(Date.init(millisecondsSince1970:)),
            decidedBy: row["decided_by"], isPickedUp: (row["picked_up_at"] as Int64?) != nil)
    }
}
