import Foundation
import GRDB

/// A row of `admin_tokens`: the hash of a token that opens the HTTP admin API.
struct AdminTokenRecord: Codable {
    var id: Int64?
    var tokenHash: Data
    var label: String
    var createdAt: Int64
    var createdBy: String

    /// The table's columns, which are also the record's coding keys.
    enum Columns: String, CodingKey, ColumnExpression {
        case id, tokenHash = "token_hash", label, createdAt = "created_at", createdBy = "created_by"
    }

    typealias CodingKeys = Columns
}

// MARK: - Database

extension AdminTokenRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "admin_tokens"
}
