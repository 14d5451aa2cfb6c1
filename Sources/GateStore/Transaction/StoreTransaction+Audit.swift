import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// The id the next audit record follows and the hash it chains to: the newest record's,
    /// else the prune anchor's; never below the highest id ever used (a deleted tail leaves
    /// a gap that verification reports). Reads the open runs with it, when there are any.
    package func auditTail() throws -> (id: Int64, hash: Data) {
        if let tail = memo.auditTail { return tail }
        let tail = try fetchOne(AuditTail.self, Self.tailSQL, [])
        let hash = tail?.hash ?? AuditChain.genesis
        let id = tail?.id ?? 0
        if tail?.openRuns == true {
            for record in try fetchAll(AuditRepeatRecord.self, AuditRepeatRecord.openSQL, []) {
                guard let run = record.run else { continue }
                memo.openRuns[run.profileID, default: [:]][run.kind] = run
            }
        }
        memo.auditTail = (id, hash)
        return (id, hash)
    }

    /// The newest record's id and hash, the prune anchor's, the highest id ever given
    /// (`sqlite_sequence`), and whether any run is open: one statement, cached per connection.
    private static let tailSQL = {
        typealias Log = AuditLogRecord.Columns
        typealias Anchor = AuditAnchorRecord.Columns
        typealias Run = AuditRepeatRecord.Columns
        let log = AuditLogRecord.databaseTableName
        return """
            SELECT l.\(Log.id.name) AS id, l.\(Log.hash.name) AS hash,
                   a.\(Anchor.prunedThroughId.name) AS anchor_id, a.\(Anchor.prunedThroughHash.name) AS anchor_hash,
                   (SELECT seq FROM sqlite_sequence WHERE name = '\(log)') AS seq,
                   EXISTS (SELECT 1 FROM \(AuditRepeatRecord.databaseTableName) WHERE \(Run.closed.name) = 0) AS open_runs
            FROM (SELECT 1) LEFT JOIN \(AuditAnchorRecord.databaseTableName) a ON a.\(Anchor.id.name) = 1
            LEFT JOIN (SELECT \(Log.id.name), \(Log.hash.name) FROM \(log) ORDER BY \(Log.id.name) DESC LIMIT 1) l
            """
    }()
}
