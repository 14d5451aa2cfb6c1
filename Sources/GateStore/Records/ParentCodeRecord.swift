import Foundation
import GateCore
import GRDB

/// A row of `parent_codes`: a parent's authenticator secret, sealed, and the newest step used.
struct ParentCodeRecord: Codable {
    var id: Int64?
    var name: String
    var nameKey: String
    var secretBox: Data
    var lastStep: Int64?
    var lastUsedAt: Int64?
    var createdAt: Int64
    var createdBy: String

    /// What anyone may see of it: never the secret.
    var parentCode: ParentCode {
        ParentCode(
            name: name, createdAt: Date(millisecondsSince1970: createdAt), createdBy: createdBy,
            lastUsedAt: lastUsedAt.map(Date.init(millisecondsSince1970:)))
    }
}

// MARK: - Database

extension ParentCodeRecord: ColumnsRecord {
    static let insertSQL = insertStatement()

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .name: name
        case .nameKey: nameKey
        case .secretBox: secretBox
        case .lastStep: lastStep
        case .lastUsedAt: lastUsedAt
        case .createdAt: createdAt
        case .createdBy: createdBy
        }
    }
}

extension ParentCodeRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "parent_codes"

    /// The table's columns, which are also the record's coding keys.
    enum Columns: String, CaseIterable, CodingKey, ColumnExpression {
        case id, name, nameKey = "name_key", secretBox = "secret_box", lastStep = "last_step"
        case lastUsedAt = "last_used_at", createdAt = "created_at", createdBy = "created_by"
    }

    typealias CodingKeys = Columns
}
