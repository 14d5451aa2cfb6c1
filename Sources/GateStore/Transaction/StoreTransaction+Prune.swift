import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Drops audit records, attempts, ended challenges and ended sessions older than
    /// `cutoff`, keeping the audit chain verifiable.
    ///
    /// Audit records go as a prefix of the chain: the anchor keeps the id and hash of the
    /// last one dropped, and an `auditPruned` record (itself chained) says what went. A
    /// broken chain is never pruned: that would hide the evidence.
    package func pruneAudit(before cutoff: Date, by actor: Label, at now: Date) throws -> PruneResult {
        let verification = try verifyAuditChain()
        if !verification.isIntact {
            throw StoreError.constraint("the audit chain is broken (\(verification.description)); prune refused")
        }
        let cutoffMs = cutoff.millisecondsSince1970
        // A prefix of the chain, always keeping the newest record.
        typealias Log = AuditLogRecord.Columns
        let log = AuditLogRecord.all()
        let newest = try log.select(max(Log.id), as: Int64.self).fetchOne(db) ?? 0
        // A run that began before the cutoff but repeated after it is kept whole.
        let firstKept = [
            try log.filter { $0.occurredAt >= cutoffMs }.select(min(Log.id), as: Int64.self).fetchOne(db),
            try AuditRepeatRecord.filter { $0.lastAt >= cutoffMs }.select(min(AuditRepeatRecord.Columns.auditId), as: Int64.self).fetchOne(db),
        ].compactMap { $0 }.min()
        let before = firstKept ?? Int64.max
        let through = min(try log.filter { $0.id < before }.select(max(Log.id), as: Int64.self).fetchOne(db) ?? 0, newest - 1)
        var removedRecords = 0
        if through > 0, let hash = try log.filter({ $0.id == through }).select(Log.hash, as: Data.self).fetchOne(db) {
            try AuditAnchorRecord.only.updateAll(db) { [$0.prunedThroughId.set(to: through), $0.prunedThroughHash.set(to: hash)] }
            removedRecords = try log.filter { $0.id <= through }.deleteAll(db)
        }
        let anchor = try AuditAnchorRecord.only.fetchOne(db)
        let anchorID = anchor?.prunedThroughId ?? 0
        let anchorHash = anchor?.prunedThroughHash ?? AuditChain.genesis
        // Attempts first: deleting a challenge deletes its attempts too (cascade), uncounted.
        let removedAttempts = try AttemptRecord.filter { $0.answeredAt < cutoffMs }.deleteAll(db)
        // Sessions before challenges: SQLite would otherwise clear the challenge of every
        // session about to go as well.
        let removedSessions = try ParentSessionRecord.filter { $0.expiresAt < cutoffMs || ($0.endedAt != nil && $0.endedAt < cutoffMs) }
            .deleteAll(db)
        let removedChallenges = try ChallengeRecord.filter { $0.status != ChallengeStatus.open.rawValue && $0.endedAt < cutoffMs }
            .deleteAll(db)
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
