import Foundation

/// The row of ``StoreTransaction/auditTail()``'s statement: the id and hash the next audit
/// record follows, and whether any run is open.
struct AuditTail: ReadableRecord {
    var id: Int64
    var hash: Data
    var openRuns: Bool

    init(row: some ColumnReader) throws {
        let newest: Data? = try row["hash"]
        let anchor: Data? = try row["anchor_hash"]
        hash = newest ?? anchor ?? AuditChain.genesis
        let newestID: Int64? = try row["id"]
        let anchorID: Int64? = try row["anchor_id"]
        let highestID: Int64? = try row["seq"]
        id = max(newestID ?? 0, anchorID ?? 0, highestID ?? 0)
        openRuns = try row["open_runs"] ?? false
    }
}
