import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// Drops audit records, attempts, ended challenges and ended sessions older than
    /// `cutoff`, keeping the audit chain verifiable.
    ///
    /// Audit records go as a prefix of the chain: the anchor keeps the id and hash of the
    /// last one dropped, and an `auditPruned` record (itself chained) says what went. A
    /// broken chain is never pruned: that would hide the evidence.
    package func pruneAudit(before cutoff: Date, by actor: Label, at now: Date) throws -> PruneResult {
        // The chain's head first: no record is appended, and no other prune runs, until this one commits.
        _ = try auditTail()
        let verification = try verifyAuditChain(highestID: highestAuditID())
        if !verification.isIntact {
            throw StoreError.constraint("the audit chain is broken (\(verification.description)); prune refused")
        }
        let cutoffMs = cutoff.millisecondsSince1970
        // A prefix of the chain, always keeping the newest record.
        typealias Log = AuditLogRecord.Columns
        typealias Run = AuditRepeatRecord.Columns
        let log = AuditLogRecord.databaseTableName
        let value = { (sql: String, arguments: [(any DatabaseValueConvertible)?]) throws -> Int64? in
            try fetchOne(SingleValue.self, sql, arguments)?.value.flatMap { Int64.fromDatabaseValue($0) }
        }
        let newest = try value("SELECT max(\(Log.id.name)) FROM \(log)", []) ?? 0
        // A run that began before the cutoff but repeated after it is kept whole.
        let firstKept = [
            try value("SELECT min(\(Log.id.name)) FROM \(log) WHERE \(Log.occurredAt.name) >= ?", [cutoffMs]),
            try value("SELECT min(\(Run.auditId.name)) FROM \(AuditRepeatRecord.databaseTableName) WHERE \(Run.lastAt.name) >= ?", [cutoffMs]),
        ].compactMap { $0 }.min()
        let before = firstKept ?? Int64.max
        let through = min(try value("SELECT max(\(Log.id.name)) FROM \(log) WHERE \(Log.id.name) < ?", [before]) ?? 0, newest - 1)
        var removedRecords = 0
        if through > 0,
           let hash = try fetchOne(SingleValue.self, "SELECT \(Log.hash.name) FROM \(log) WHERE \(Log.id.name) = ?", [through])?
               .value.flatMap({ Data.fromDatabaseValue($0) })
        {
            typealias Anchor = AuditAnchorRecord.Columns
            try execute(
                "UPDATE \(AuditAnchorRecord.databaseTableName) SET \(Anchor.prunedThroughId.name) = ?, \(Anchor.prunedThroughHash.name) = ? WHERE \(Anchor.id.name) = 1",
                [through, hash])
            removedRecords = try execute("DELETE FROM \(log) WHERE \(Log.id.name) <= ?", [through])
        }
        let anchor = try fetchOne(AuditAnchorRecord.self, AuditAnchorRecord.onlySQL, [])
        let anchorID = anchor?.prunedThroughId ?? 0
        let anchorHash = anchor?.prunedThroughHash ?? AuditChain.genesis
        // Attempts first: deleting a challenge deletes its attempts too (cascade), uncounted.
        let removedAttempts = try execute(
            "DELETE FROM \(AttemptRecord.databaseTableName) WHERE \(AttemptRecord.Columns.answeredAt.name) < ?", [cutoffMs])
        // Sessions before challenges: SQLite would otherwise clear the challenge of every
        // session about to go as well.
        typealias Session = ParentSessionRecord.Columns
        let removedSessions = try execute("""
            DELETE FROM \(ParentSessionRecord.databaseTableName)
            WHERE \(Session.expiresAt.name) < ? OR (\(Session.endedAt.name) IS NOT NULL AND \(Session.endedAt.name) < ?)
            """, [cutoffMs, cutoffMs])
        typealias Challenge = ChallengeRecord.Columns
        let removedChallenges = try execute("""
            DELETE FROM \(ChallengeRecord.databaseTableName) WHERE \(Challenge.status.name) <> ? AND \(Challenge.endedAt.name) < ?
            """, [ChallengeStatus.open.rawValue, cutoffMs])
        memo.challenges.removeAll()
        memo.openRuns = memo.openRuns.mapValues { $0.filter { $0.value.auditID > anchorID } }.filter { !$0.value.isEmpty }
        let result = PruneResult(
            auditRecords: removedRecords, prunedThroughID: anchorID, challenges: removedChallenges,
            attempts: removedAttempts, sessions: removedSessions)
        try appendAudit(
            AuditEvent(
                .auditPruned, actor: actor.value,
                details: [
                    "before": String(cutoffMs), "prunedThroughId": String(anchorID),
                    "prunedThroughHash": anchorHash.map { String(format: "%02x", $0) }.joined(),
                    "auditRecords": String(removedRecords), "challenges": String(removedChallenges),
                    "attempts": String(removedAttempts), "sessions": String(removedSessions),
                ]),
            at: now)
        return result
    }
}
