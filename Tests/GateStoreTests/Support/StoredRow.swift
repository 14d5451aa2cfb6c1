import GRDB

/// A row as the database gave it, column by column.
struct StoredRow: FetchableRecord, Sendable {
    let columnNames: [String]
    private let values: [String: DatabaseValue]

    init(row: Row) {
        columnNames = Array(row.columnNames)
        values = Dictionary(row.map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
    }

    /// The value of `column` as stored.
    subscript(_ column: String) -> DatabaseValue {
        values[column] ?? .null
    }

    /// The value of `column` as a `Value`; `nil` for NULL or a value of another type.
    subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value? {
        Value.fromDatabaseValue(self[column])
    }
}
