import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Per profile since `since` (all time when `nil`): attempts, passes, failed challenges
    /// by how they ended, lockouts, refusals and replays (a run of repeats counts whole when
    /// it repeated since), and the median response time.
    package func gateStats(profileID: Int64?, since: Date?) throws -> [GateStats] {
        let since = since?.millisecondsSince1970 ?? Int64.min
        let profiles = try profileID.map { id in try profile(id: id).map { [$0] } ?? [] } ?? self.profiles()
        return try profiles.map { profile in
            let responses = try Int64.fetchAll(
                db, sql: "SELECT response_ms FROM attempts WHERE profile_id = ? AND answered_at >= ? AND outcome <> ? ORDER BY response_ms",
                arguments: [profile.id, since, AnswerOutcome.replay.rawValue])
            var ends: [ChallengeStatus: Int] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT status, count(*) AS n FROM challenges WHERE profile_id = ? AND ended_at >= ? GROUP BY status",
                arguments: [profile.id, since])
            {
                if let status = ChallengeStatus(rawValue: row["status"]) { ends[status] = row["n"] }
            }
            let lockouts = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM audit_log WHERE profile_id = ? AND occurred_at >= ? AND kind IN (?, ?)",
                arguments: [profile.id, since, AuditEventKind.lockoutStarted.rawValue, AuditEventKind.hardLockStarted.rawValue]) ?? 0
            var refused: [AuditEventKind: Int] = [:]
            for row in try Row.fetchAll(
                db, sql: """
                    SELECT l.kind AS kind, sum(ifnull(r.count, 1)) AS n
                    FROM audit_log l LEFT JOIN audit_repeats r ON r.audit_id = l.id
                    WHERE l.profile_id = ? AND l.kind IN (?, ?, ?)
                      AND (l.occurred_at >= ? OR l.id IN (SELECT audit_id FROM audit_repeats WHERE profile_id = ? AND last_at >= ?))
                    GROUP BY l.kind
                    """,
                arguments: [
                    profile.id, AuditEventKind.beginRefused.rawValue, AuditEventKind.answerRefused.rawValue,
                    AuditEventKind.replayRefused.rawValue, since, profile.id, since,
                ])
            {
                if let kind = AuditEventKind(rawValue: row["kind"]) { refused[kind] = row["n"] }
            }
            let issued = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM challenges WHERE profile_id = ? AND issued_at >= ?", arguments: [profile.id, since]) ?? 0
            let median: Int64? = responses.isEmpty
                ? nil
                : responses.count.isMultiple(of: 2)
                    ? (responses[responses.count / 2 - 1] + responses[responses.count / 2]) / 2
                    : responses[responses.count / 2]
            return GateStats(
                profile: profile.name, challenges: issued, attempts: responses.count, passes: ends[.passed] ?? 0,
                failedWrong: ends[.failed] ?? 0, timedOut: ends[.timedOut] ?? 0, cancelled: ends[.cancelled] ?? 0,
                abandoned: ends[.abandoned] ?? 0, lockouts: lockouts,
                refusals: (refused[.beginRefused] ?? 0) + (refused[.answerRefused] ?? 0),
                replays: refused[.replayRefused] ?? 0, medianResponseMs: median)
        }
    }
}
