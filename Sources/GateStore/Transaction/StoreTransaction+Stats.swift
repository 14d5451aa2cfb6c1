import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Per profile since `since` (all time when `nil`): attempts, passes, failed challenges
    /// by how they ended, lockouts, and the median response time.
    package func gateStats(profileID: Int64?, since: Date?) throws -> [GateStats] {
        let since = since?.millisecondsSince1970 ?? Int64.min
        let profiles = try profileID.map { id in try profile(id: id).map { [$0] } ?? [] } ?? self.profiles()
        return try profiles.map { profile in
            let responses = try Int64.fetchAll(
                db, sql: "SELECT response_ms FROM attempts WHERE profile_id = ? AND answered_at >= ? AND outcome <> 'replay' ORDER BY response_ms",
                arguments: [profile.id, since])
            var ends: [String: Int] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT status, count(*) AS n FROM challenges WHERE profile_id = ? AND ended_at >= ? GROUP BY status",
                arguments: [profile.id, since])
            {
                ends[row["status"]] = row["n"]
            }
            let lockouts = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM audit_log WHERE profile_id = ? AND occurred_at >= ? AND kind IN ('lockoutStarted', 'hardLockStarted')",
                arguments: [profile.id, since]) ?? 0
            let issued = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM challenges WHERE profile_id = ? AND issued_at >= ?", arguments: [profile.id, since]) ?? 0
            let median: Int64? = responses.isEmpty
                ? nil
                : responses.count.isMultiple(of: 2)
                    ? (responses[responses.count / 2 - 1] + responses[responses.count / 2]) / 2
                    : responses[responses.count / 2]
            return GateStats(
                profile: profile.name, challenges: issued, attempts: responses.count, passes: ends["passed"] ?? 0,
                failedWrong: ends["failed"] ?? 0, timedOut: ends["timedOut"] ?? 0, cancelled: ends["cancelled"] ?? 0,
                abandoned: ends["abandoned"] ?? 0, lockouts: lockouts, medianResponseMs: median)
        }
    }
}
