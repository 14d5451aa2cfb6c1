import Foundation
import GateCore
import GRDB

private typealias Q = ParentRequestStatements

extension SQLRunner {
    /// Stores a pending request of `profile` and audits it (`parentAsked`, which queues the
    /// parents' notifications in this transaction, each bound to the request); returns its
    /// number, one never given before. The transaction's account (``attribute(to:)``) is the asker's.
    package func addParentRequest(
        profile: Profile, handleHash: Data, client: String?, expiresAt: Date, at now: Date
    ) throws -> Int64 {
        guard let id = try insert(ParentRequestRecord(
            handleHash: handleHash, profileId: profile.id, client: client, createdAt: now.millisecondsSince1970,
            expiresAt: expiresAt.millisecondsSince1970, account: memo.account
        )) else { throw StoreError.constraint("a request without a number") }
        try appendAudit(
            AuditEvent(
                .parentAsked, profileID: profile.id, profileName: profile.name, client: client,
                details: ["request": String(id), "expiresAt": String(expiresAt.millisecondsSince1970)]),
            at: now)
        return id
    }

    /// The request behind the asking client's handle, with its sealed session token, if any.
    package func parentRequest(handleHash: Data) throws -> (request: ParentRequest, sessionBox: Data?)? {
        try fetchOne(RequestRow.self, Q.byHandleSQL, [handleHash]).map { ($0.request, $0.sessionBox) }
    }

    /// Request number `id`, or ``StoreError/notFound(_:)``.
    package func requireParentRequest(_ id: Int64) throws -> ParentRequest {
        guard let row = try fetchOne(RequestRow.self, Q.byIDSQL, [id]) else {
            throw StoreError.notFound(.parentRequest(id))
        }
        return row.request
    }

    /// The number of the request a `request` notification's delivery was made for, if that
    /// request still exists (its removal takes its deliveries with it).
    package func parentRequestID(deliveryID: String) throws -> Int64? {
        try fetchOne(SingleValue.self, Q.requestOfDeliverySQL, [deliveryID])?.value.flatMap { Int64.fromDatabaseValue($0) }
    }

    /// The profile's newest request, if any.
    package func latestParentRequest(profileID: Int64) throws -> ParentRequest? {
        try fetchOne(RequestRow.self, Q.latestSQL, [profileID])?.request
    }

    /// The newest requests (of one profile, or all), newest first.
    /// How many requests still wait for a parent at `time` (pending, not yet expired).
    package func waitingParentRequests(at time: Date) throws -> Int {
        let time = time.millisecondsSince1970
        return try fetchOne(SingleValue.self, Q.waitingSQL, [time])?.count ?? 0
    }

    package func parentRequests(profileID: Int64?, limit: Int) throws -> [ParentRequest] {
        try fetchAll(RequestRow.self, Q.listSQL, [profileID, profileID, limit]).map(\.request)
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
        let due = try fetchAll(DueRequest.self, Q.dueSQL(dialect), [time, profileID, profileID, time])
        for row in due {
            try execute(Q.expireSQL, [row.expiresAt, row.id])
            try appendAudit(
                AuditEvent(.requestExpired, profileID: row.profileID, details: ["request": String(row.id)]),
                at: Date(millisecondsSince1970: row.now))
        }
        // An approval nobody picked up while its parent mode lasted: its sealed token goes.
        try execute(Q.unsealSQL, [profileID, profileID, time])
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
        let time = now.millisecondsSince1970
        let changed = try execute(
            Q.decideSQL(dialect), [approved ? "approved" : "denied", time, actor, sessionID, sessionBox, id, time])
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
        try execute(Q.pickedUpSQL, [now.millisecondsSince1970, id])
    }

    /// The id of the profile's session opened last (the one an approval just opened).
    package func newestSessionID(profileID: Int64) throws -> Int64? {
        try fetchOne(SingleValue.self, Q.newestSessionSQL, [profileID])?.value.flatMap { Int64.fromDatabaseValue($0) }
    }
}
