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
            typealias Attempt = AttemptRecord.Columns
            typealias Challenge = ChallengeRecord.Columns
            typealias Log = AuditLogRecord.Columns
            typealias Run = AuditRepeatRecord.Columns
            let responses = try AttemptRecord
                .filter { $0.profileId == profile.id && $0.answeredAt >= since && $0.outcome != AnswerOutcome.replay.rawValue }
                .order(Attempt.responseMs).select(Attempt.responseMs, as: Int64.self).fetchAll(db)
            let challenges = ChallengeRecord.filter { $0.profileId == profile.id }
            var ends: [ChallengeStatus: Int] = [:]
            for row in try challenges.filter({ $0.endedAt >= since }).group(Challenge.status)
                .select(Challenge.status, count(SQL("*")).forKey("n")).asRequest(of: Row.self).fetchAll(db)
            {
                if let status = ChallengeStatus(rawValue: row[Challenge.status]) { ends[status] = row["n"] }
            }
            let lockoutKinds = [AuditEventKind.lockoutStarted.rawValue, AuditEventKind.hardLockStarted.rawValue]
            let lockouts = try AuditLogRecord
                .filter { $0.profileId == profile.id && $0.occurredAt >= since && lockoutKinds.contains($0.kind) }.fetchCount(db)
            // A run of repeats counts whole when it repeated since, though it began before.
            let refusalKinds = [AuditEventKind.beginRefused, .answerRefused, .replayRefused].map(\.rawValue)
            var refused: [AuditEventKind: Int] = [:]
            for row in try SQLRequest<Row>(literal: """
                SELECT l.\(Log.kind) AS kind, sum(ifnull(r.\(Run.count), 1)) AS n
                FROM \(AuditLogRecord.self) l LEFT JOIN \(AuditRepeatRecord.self) r ON r.\(Run.auditId) = l.\(Log.id)
                WHERE l.\(Log.profileId) = \(profile.id) AND l.\(Log.kind) IN \(refusalKinds)
                  AND (l.\(Log.occurredAt) >= \(since) OR l.\(Log.id) IN (
                      SELECT \(Run.auditId) FROM \(AuditRepeatRecord.self) WHERE \(Run.profileId) = \(profile.id) AND \(Run.lastAt) >= \(since)))
                GROUP BY l.\(Log.kind)
                """).fetchAll(db)
            {
                if let kind = AuditEventKind(rawValue: row["kind"]) { refused[kind] = row["n"] }
            }
            let issued = try challenges.filter { $0.issuedAt >= since }.fetchCount(db)
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
