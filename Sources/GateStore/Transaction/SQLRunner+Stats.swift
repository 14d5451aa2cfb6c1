import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// Per profile since `since` (all time when `nil`): attempts, passes, failed challenges
    /// by how they ended, lockouts, refusals and replays (a run of repeats counts whole when
    /// it repeated since), and the median response time.
    package func gateStats(profileID: Int64?, since: Date?) throws -> [GateStats] {
        let since = since?.millisecondsSince1970 ?? Int64.min
        let profiles = try profileID.map { id in try profile(id: id).map { [$0] } ?? [] } ?? self.profiles()
        return try profiles.map { profile in
            typealias Attempt = AttemptRecord.Columns
            typealias Challenge = ChallengeRecord.Columns
            typealias Log = AuditLogRecord.Columns
            typealias Run = AuditRepeatRecord.Columns
            let attempts = AttemptRecord.databaseTableName, challenges = ChallengeRecord.databaseTableName
            let log = AuditLogRecord.databaseTableName, runs = AuditRepeatRecord.databaseTableName
            let responses = try fetchAll(SingleValue.self, """
                SELECT \(Attempt.responseMs.name) FROM \(attempts)
                WHERE \(Attempt.profileId.name) = ? AND \(Attempt.answeredAt.name) >= ? AND \(Attempt.outcome.name) <> ?
                ORDER BY \(Attempt.responseMs.name)
                """, [profile.id, since, AnswerOutcome.replay.rawValue]).compactMap { $0.value.flatMap { Int64.fromDatabaseValue($0) } }
            var ends: [ChallengeStatus: Int] = [:]
            for row in try fetchAll(KindCount.self, """
                SELECT \(Challenge.status.name) AS kind, count(*) AS n FROM \(challenges)
                WHERE \(Challenge.profileId.name) = ? AND \(Challenge.endedAt.name) >= ? GROUP BY \(Challenge.status.name)
                """, [profile.id, since])
            {
                if let status = ChallengeStatus(rawValue: row.kind) { ends[status] = row.n }
            }
            let lockouts = try fetchOne(SingleValue.self, """
                SELECT count(*) FROM \(log) WHERE \(Log.profileId.name) = ? AND \(Log.occurredAt.name) >= ? AND \(Log.kind.name) IN (?, ?)
                """, [profile.id, since, AuditEventKind.lockoutStarted.rawValue, AuditEventKind.hardLockStarted.rawValue])?.count ?? 0
            // A run of repeats counts whole when it repeated since, though it began before.
            var refused: [AuditEventKind: Int] = [:]
            for row in try fetchAll(KindCount.self, """
                SELECT l.\(Log.kind.name) AS kind, CAST(sum(coalesce(r.\(Run.count.name), 1)) AS BIGINT) AS n
                FROM \(log) l LEFT JOIN \(runs) r ON r.\(Run.auditId.name) = l.\(Log.id.name)
                WHERE l.\(Log.profileId.name) = ? AND l.\(Log.kind.name) IN (?, ?, ?)
                  AND (l.\(Log.occurredAt.name) >= ? OR l.\(Log.id.name) IN (
                      SELECT \(Run.auditId.name) FROM \(runs) WHERE \(Run.profileId.name) = ? AND \(Run.lastAt.name) >= ?))
                GROUP BY l.\(Log.kind.name)
                """, [profile.id] + [AuditEventKind.beginRefused, .answerRefused, .replayRefused].map(\.rawValue) + [since, profile.id, since])
            {
                if let kind = AuditEventKind(rawValue: row.kind) { refused[kind] = row.n }
            }
            let issued = try fetchOne(SingleValue.self, """
                SELECT count(*) FROM \(challenges) WHERE \(Challenge.profileId.name) = ? AND \(Challenge.issuedAt.name) >= ?
                """, [profile.id, since])?.count ?? 0
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
