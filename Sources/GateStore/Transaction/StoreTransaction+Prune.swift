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
        let newest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM audit_log") ?? 0
        // A run that began before the cutoff but repeated after it is kept whole.
        let firstKept = [
            try Int64.fetchOne(db, sql: "SELECT min(id) FROM audit_log WHERE occurred_at >= ?", arguments: [cutoffMs]),
            try Int64.fetchOne(db, sql: "SELECT min(audit_id) FROM audit_repeats WHERE last_at >= ?", arguments: [cutoffMs]),
        ].compactMap { $0 }.min()
        let through = min(
            try Int64.fetchOne(db, sql: "SELECT max(id) FROM audit_log WHERE id < ?", arguments: [firstKept ?? Int64.max]) ?? 0,
            newest - 1)
        var removedRecords = 0
        if through > 0, let hash = try Data.fetchOne(db, sql: "SELECT hash FROM audit_log WHERE id = ?", arguments: [through]) {
            try db.execute(
                sql: "UPDATE audit_anchor SET pruned_through_id = ?, pruned_through_hash = ? WHERE id = 1",
                arguments: [through, hash])
            try db.execute(sql: "DELETE FROM audit_log WHERE id <= ?", arguments: [through])
            removedRecords = db.changesCount
        }
        let anchor = try Row.fetchOne(db, sql: "SELECT pruned_through_id, pruned_through_hash FROM audit_anchor WHERE id = 1")
        let anchorID: Int64 = anchor?["pruned_through_id"] ?? 0
        let anchorHash: Data = anchor?["pruned_through_hash"] ?? AuditChain.genesis
        // Attempts first: deleting a challenge deletes its attempts too (cascade), uncounted.
        try db.execute(
            sql: "DELETE FROM attempts WHERE answered_at < ?", arguments: [cutoffMs])
        let removedAttempts = db.changesCount
        // Sessions before challenges: SQLite would otherwise clear the challenge of every
        // session about to go as well.
        try db.execute(
            sql: "DELETE FROM parent_sessions WHERE expires_at < ? OR (ended_at IS NOT NULL AND ended_at < ?)",
            arguments: [cutoffMs, cutoffMs])
        let removedSessions = db.changesCount
        try db.execute(
            sql: "DELETE FROM challenges WHERE status <> ? AND ended_at < ?", arguments: [ChallengeStatus.open.rawValue, cutoffMs])
        let removedChallenges = db.changesCount
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
