import GRDB

/// The current row of a statement ``StoreTransaction`` steps itself, read in place.
///
/// GRDB's `Row` over a statement makes a dictionary of every column's name each time a fetch
/// begins: about 150 of a gate cycle's mallocs (BENCHMARKS.md §8). This finds a name in the
/// statement's own list, made once per cached statement, and throws where `Row` would stop
/// the process (a column missing, NULL or of another type where the record expects a value).
struct SteppedRow: ColumnReader {
    let statement: Statement

    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        get throws {
            guard index >= 0, index < statement.columnCount else {
                throw StoreError.constraint("malformed row: no column \(index) in \(statement.sql)")
            }
            let value = DatabaseValue(sqliteStatement: statement.sqliteStatement, index: CInt(index))
            guard let decoded = Value.fromDatabaseValue(value) else {
                throw StoreError.constraint("malformed row: column \(statement.columnNames[index]) holds \(value), not a \(Value.self)")
            }
            return decoded
        }
    }

    subscript<Value: DatabaseValueConvertible>(_ name: String) -> Value {
        get throws {
            guard let index = index(of: name) else {
                // As GRDB's `Row`: a column the statement lacks reads as NULL where the record takes an optional.
                if let absent = Value.fromDatabaseValue(.null) { return absent }
                throw StoreError.constraint("malformed row: no column \(name) in \(statement.sql)")
            }
            return try self[index]
        }
    }

    subscript<Value: DatabaseValueConvertible>(_ column: some ColumnExpression) -> Value {
        get throws { try self[column.name] }
    }

    func hasColumn(_ name: String) -> Bool {
        index(of: name) != nil
    }

    /// The leftmost column named `name`: the statement's names as SQLite gives them, else
    /// GRDB's case-insensitive lookup.
    private func index(of name: String) -> Int? {
        statement.columnNames.firstIndex(of: name) ?? statement.index(ofColumn: name)
    }
}
