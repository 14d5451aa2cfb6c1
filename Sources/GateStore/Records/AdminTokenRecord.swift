import Foundation
import GRDB

/// A row of `admin_tokens`: the hash of a token that opens the HTTP admin API.
struct AdminTokenRecord {
    var id: Int64?
    var tokenHash: Data
    var label: String
    var createdAt: Int64
    var createdBy: String
}

// MARK: - Database

extension AdminTokenRecord: ColumnsRecord {
    static let databaseTableName = "admin_tokens"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, tokenHash = "token_hash", label, createdAt = "created_at", createdBy = "created_by"
    }

    init(row: Row) throws {
        id = row[Columns.id]
        tokenHash = row[Columns.tokenHash]
        label = row[Columns.label]
        createdAt = row[Columns.createdAt]
        createdBy = row[Columns.createdBy]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .tokenHash: tokenHash
        case .label: label
        case .createdAt: createdAt
        case .createdBy: createdBy
        }
    }
}
