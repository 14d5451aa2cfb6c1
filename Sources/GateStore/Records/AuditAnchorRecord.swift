import Foundation
import GRDB

/// The one row of `audit_anchor`: where the chain continues after pruning (the last pruned
/// record's id and hash; 0 and zeros before any prune).
struct AuditAnchorRecord {
    var id: Int64 = 1
    var prunedThroughId: Int64
    var prunedThroughHash: Data
}

// MARK: - Database

extension AuditAnchorRecord: ColumnsRecord {
    static let databaseTableName = "audit_anchor"
    static let insertSQL = insertStatement()
    /// The anchor's row: a database has one.
    static let only = AuditAnchorRecord.filter { $0.id == 1 }

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, prunedThroughId = "pruned_through_id", prunedThroughHash = "pruned_through_hash"
    }

    init(row: Row) throws {
        id = row[Columns.id]
        prunedThroughId = row[Columns.prunedThroughId]
        prunedThroughHash = row[Columns.prunedThroughHash]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .prunedThroughId: prunedThroughId
        case .prunedThroughHash: prunedThroughHash
        }
    }
}
