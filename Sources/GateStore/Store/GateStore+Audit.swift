import Foundation
import GateCore
import GRDB

extension GateStore {
    /// Walks the whole audit chain, oldest first, and reports the first broken link.
    ///
    /// Streams the log through a cursor, so memory stays flat however long it is. Detects
    /// an edited record (hash mismatch), a deleted one (a gap in the numbering, which never
    /// has gaps), an inserted or replaced one (a predecessor hash that does not match), and
    /// deleted records at the end (the numbering once went further), and a run's count or
    /// last time that differs from what the profile's next record sealed (``AuditRun``).
    package func verifyAudit() async throws -> AuditVerification {
        try await read { transaction in try transaction.verifyAuditChain(highestID: transaction.highestAuditID()) }
    }
}

extension StoreTransaction {
    /// The highest id the audit log ever gave, as `AUTOINCREMENT` keeps it (`sqlite_sequence`).
    package func highestAuditID() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = '\(AuditLogRecord.databaseTableName)'") ?? 0
    }

    /// `AUTOINCREMENT`'s counters (the audit log's, the requests') set past the rows copied in.
    package func continueNumbering(afterAuditID: Int64) throws {
        for (table, highest) in [
            (AuditLogRecord.databaseTableName, afterAuditID),
            (ParentRequestRecord.databaseTableName, try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM parent_requests") ?? 0),
        ] {
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [table])
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table, highest])
        }
    }
}

extension SQLRunner {
    /// Walks the chain from the prune anchor on, a thousand records at a time (memory stays
    /// flat however long the log is); `highestID` is the highest id the log ever gave.
    package func verifyAuditChain(highestID: Int64) throws -> AuditVerification {
        let anchor = try fetchOne(AuditAnchorRecord.self, AuditAnchorRecord.onlySQL, [])
        var expectedID: Int64 = (anchor?.prunedThroughId ?? 0) + 1
        var expectedPrevious: Data = anchor?.prunedThroughHash ?? AuditChain.genesis
        let isPruned = expectedID > 1
        var result = AuditVerification(checked: 0, firstID: nil, lastID: nil, problem: nil)
        // The anchor is trusted only if the chain itself says a prune put it there.
        var lastPrune: (id: Int64, through: String?, hash: String?)?
        // Per profile, the records whose runs are still open (by kind) as far as the chain has
        // gone: the profile's next record that closes one must seal its count exactly.
        var open: [Int64: [String: AuditLogRecord]] = [:]
        let firstChecked = expectedID
        var batch = try fetchAll(AuditLogRecord.self, AuditLogRecord.batchSQL, [expectedID])
        while !batch.isEmpty {
            for record in batch {
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
                if let profileID = record.profileId {
                    if let broken = Self.brokenSeal(open: &open[profileID, default: [:]], next: record, firstID: firstChecked) {
                        result.problem = .runAltered(id: broken)
                        return result
                    }
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
            batch = try fetchAll(AuditLogRecord.self, AuditLogRecord.batchSQL, [expectedID])
        }
        if highestID >= expectedID {
            result.problem = .truncated(lastPresent: expectedID - 1, expectedLast: highestID)
            return result
        }
        if isPruned {
            let anchorID = anchor?.prunedThroughId ?? 0
            let anchorHash = anchor?.prunedThroughHash.map { String(format: "%02x", $0) }.joined()
            if lastPrune?.through != String(anchorID) || lastPrune?.hash != anchorHash {
                result.problem = .unbackedAnchor(through: anchorID)
            }
        }
        result.openRuns = open.values.reduce(0) { $0 + $1.values.filter { ($0.run?.count ?? 1) > 1 }.count }
        return result
    }

    /// The id of a run whose seal `next` breaks, or `nil` when it agrees with the runs of its
    /// profile still `open` (which it updates: the runs `next` closes go, its own comes).
    ///
    /// A record of a kind that repeats closes the open run of its kind; any other record
    /// closes them all. Each closed run that repeated must be sealed with its exact count and
    /// last time, and the seal may name no other run, except one whose first record was
    /// pruned (before `firstID`), which can no longer be compared.
    private static func brokenSeal(open: inout [String: AuditLogRecord], next: AuditLogRecord, firstID: Int64) -> Int64? {
        let repeats = AuditEventKind(rawValue: next.kind).map { AuditRun.significantDetails[$0] != nil } ?? false
        // Only the kinds that repeat begin runs: a count on any other record was added by hand.
        if !repeats, next.run != nil { return next.id }
        let mentionsSeal = next.details.contains(AuditRun.sealKey)
        if open.isEmpty, !mentionsSeal {  // the usual record: nothing to close, nothing sealed
            if repeats, next.run != nil { open[next.kind] = next }
            return nil
        }
        let details = mentionsSeal ? (try? JSONText.decode([String: String].self, from: next.details)) ?? [:] : [:]
        let closed = open.filter { !repeats || $0.key == next.kind }.values.sorted { $0.id < $1.id }
        let expected = closed.compactMap { record -> String? in
            // A run that never repeated is not kept once closed; one that is kept must be sealed.
            guard let run = record.run, run.count > 1 || run.closed else { return nil }
            return "\(record.id):\(run.count):\(run.lastAt)"
        }
        // A run that was sealed is marked closed, so it can never count again.
        if let reopened = closed.first(where: { ($0.run?.count ?? 1) > 1 && $0.run?.closed == false }) { return reopened.id }
        let runID = { (seal: String) in Int64(seal.prefix { $0 != ":" }) ?? 0 }
        let sealed = (details[AuditRun.sealKey]?.split(separator: " ").map(String.init) ?? [])
            .filter { runID($0) >= firstID }
        if sealed != expected {
            let differing = expected.first { !sealed.contains($0) } ?? sealed.first { !expected.contains($0) }
            return differing.map(runID) ?? next.id
        }
        for record in closed { open[record.kind] = nil }
        if repeats, next.run != nil { open[next.kind] = next }
        return nil
    }
}
