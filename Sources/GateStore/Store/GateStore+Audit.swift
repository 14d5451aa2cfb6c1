import Foundation
import GateCore
import GRDB

extension GateStore {
    /// Walks the whole audit chain, oldest first, and reports the first broken link.
    ///
    /// Streams the log through a cursor, so memory stays flat however long it is. Detects
    /// an edited record (hash mismatch), a deleted one (a gap in the numbering, which never
    /// has gaps), an inserted or replaced one (a predecessor hash that does not match), and
    /// deleted records at the end (the numbering once went further).
    package func verifyAudit() async throws -> AuditVerification {
        try await read { transaction in try transaction.verifyAuditChain() }
    }
}

extension StoreTransaction {
    func verifyAuditChain() throws -> AuditVerification {
        let anchor = try Row.fetchOne(db, sql: "SELECT pruned_through_id, pruned_through_hash FROM audit_anchor WHERE id = 1")
        var expectedID: Int64 = (anchor?["pruned_through_id"] ?? 0) + 1
        var expectedPrevious: Data = anchor?["pruned_through_hash"] ?? AuditChain.genesis
        let isPruned = expectedID > 1
        var result = AuditVerification(checked: 0, firstID: nil, lastID: nil, problem: nil)
        // The anchor is trusted only if the chain itself says a prune put it there.
        var lastPrune: (id: Int64, through: String?, hash: String?)?
        let cursor = try AuditLogRecord.fetchCursor(
            db, sql: "SELECT * FROM audit_log WHERE id >= ? ORDER BY id", arguments: [expectedID])
        while let record = try cursor.next() {
            if record.id != expectedID {
                result.problem = .missing(id: expectedID, found: record.id)
                return result
            }
            if AuditChain.hash(of: record) != record.hash {
                result.problem = .altered(id: record.id)
                return result
            }
            if record.prevHash != expectedPrevious {
                result.problem = isPruned && result.checked == 0 ? .anchorMismatch(firstID: record.id) : .brokenLink(id: record.id)
                return result
            }
            if record.kind == AuditEventKind.auditPruned.rawValue {
                let details = (try? JSONText.decode([String: String].self, from: record.details)) ?? [:]
                lastPrune = (record.id, details["prunedThroughId"], details["prunedThroughHash"])
            }
            result.checked += 1
            result.firstID = result.firstID ?? record.id
            result.lastID = record.id
            expectedID += 1
            expectedPrevious = record.hash
        }
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'audit_log'") ?? 0
        if sequence >= expectedID {
            result.problem = .truncated(lastPresent: expectedID - 1, expectedLast: sequence)
            return result
        }
        if isPruned {
            let anchorID = (anchor?["pruned_through_id"] as Int64?) ?? 0
            let anchorHash = (anchor?["pruned_through_hash"] as Data?)?.map { String(format: "%02x", $0) }.joined()
            if lastPrune?.through != String(anchorID) || lastPrune?.hash != anchorHash {
                result.problem = .unbackedAnchor(through: anchorID)
            }
        }
        return result
    }
}
