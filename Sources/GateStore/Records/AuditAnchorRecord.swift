import Foundation
import GRDB

/// The one row of `audit_anchor`: where the chain continues after pruning (the last pruned
/// record's id and hash; 0 and zeros before any prune).
struct AuditAnchorRecord: Codable {
    var id: Int64 = 1
    var prunedThroughId: Int64
    var prunedThroughHash: Data
}

// MARK: - Database

extension AuditAnchorRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "audit_anchor"
    /// The anchor's row: a database has one.
    static let only = AuditAnchorRecord.filter { $0.id == 1 }
    /// The one row, as SQL either backend takes.
    static let onlySQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.id.name) = 1"

    /// The table's columns, which are also the record's coding keys.
    enum Columns: String, CaseIterable, CodingKey, ColumnExpression {
        case id, prunedThroughId = "pruned_through_id", prunedThroughHash = "pruned_through_hash"
    }

    typealias CodingKeys = Columns
}
