import Foundation
import GateCore
import GateStore
import GRDB

/// What GateStore's shared rules (``SQLRunner``) do not cover yet on PostgreSQL: refusals
/// for what is not kept there yet: requests to a parent.
///
/// What cannot be made on PostgreSQL yet is refused where it would be made, so its reads
/// (no request waiting) are the truth, not a guess.
extension PostgresTransaction: GateTransaction {
    package func attribute(to account: String?) {
        memo.account = account
    }

    package func clockReading(_ local: Date) throws -> Date {
        switch clock {
        case .daemon:
            return local
        case .database:
            let milliseconds: Int64? = try rows(
                "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now", []
            ).rows.first?["now"]
            guard let milliseconds else { throw StoreError.postgres(code: "P0002", message: "the server told no time") }
            return Date(millisecondsSince1970: milliseconds)
        }
    }

    /// Refuses `operation`: not kept on PostgreSQL yet (SQLSTATE 0A000, "feature not supported").
    private func notYet(_ operation: String) -> StoreError {
        .postgres(code: "0A000", message: "\(operation) is not available on PostgreSQL yet")
    }

    // MARK: Requests to a parent: none are kept on PostgreSQL yet

    package func addParentRequest(profile: Profile, handleHash: Data, client: String?, expiresAt: Date, at now: Date) throws -> Int64 {
        throw notYet("asking a parent")
    }

    package func parentRequest(handleHash: Data) throws -> (request: ParentRequest, sessionBox: Data?)? {
        nil
    }

    package func requireParentRequest(_ id: Int64) throws -> ParentRequest {
        throw StoreError.requestNotFound("numbered \(id)")
    }

    package func parentRequestID(deliveryID: String) throws -> Int64? {
        nil
    }

    package func latestParentRequest(profileID: Int64) throws -> ParentRequest? {
        nil
    }

    package func waitingParentRequests(at time: Date) throws -> Int {
        0
    }

    package func parentRequests(profileID: Int64?, limit: Int) throws -> [ParentRequest] {
        []
    }

    package func expireParentRequests(profileID: Int64?, reading: Date) throws -> Int {
        0
    }

    package func decideParentRequest(
        _ id: Int64, approved: Bool, by actor: String, sessionID: Int64?, sessionBox: Data?, at now: Date
    ) throws {
        throw StoreError.requestNotFound("numbered \(id)")
    }

    package func markParentRequestPickedUp(_ id: Int64, at now: Date) throws {
        throw StoreError.requestNotFound("numbered \(id)")
    }

    package func newestSessionID(profileID: Int64) throws -> Int64? {
        try rows("SELECT max(id) AS id FROM parent_sessions WHERE profile_id = ?", [profileID]).rows.first?["id"]
    }
}
