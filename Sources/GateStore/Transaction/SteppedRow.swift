import GRDB
import GRDBSQLite

/// The current row of a statement ``StoreTransaction`` steps itself, read in place.
///
/// GRDB's `Row` over a statement makes a dictionary of every column's name, and a cursor,
/// each time a fetch begins: about 150 of a gate cycle's 850 mallocs (BENCHMARKS.md §8). This
/// finds a name among SQLite's own names of the statement's columns, the leftmost, ignoring
/// ASCII case (SQLite's `sqlite3_stricmp`; the store's names are ASCII). Where `Row` stops the process (a column missing, NULL or of another type
/// where the record expects a value), this throws SQLite's `SQLITE_CORRUPT`, which the store
/// reports as a damaged database.
struct SteppedRow: ColumnReader {
    private let statement: SQLiteStatement

    init(_ statement: SQLiteStatement) {
        self.statement = statement
    }

    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        get throws {
            guard index >= 0, index < sqlite3_column_count(statement) else {
                throw Self.malformed("no column \(index)")
            }
            let value = DatabaseValue(sqliteStatement: statement, index: CInt(index))
            guard let decoded = Value.fromDatabaseValue(value) else {
                let stored = value.isNull ? "NULL" : "a value of another type"
                let name = sqlite3_column_name(statement, CInt(index)).map { String(cString: $0) } ?? "\(index)"
                throw Self.malformed("column \(name) holds \(stored), expected \(Value.self)")
            }
            return decoded
        }
    }

    subscript<Value: DatabaseValueConvertible>(_ name: String) -> Value {
        get throws {
            guard let index = index(of: name) else {
                // As GRDB's `Row`: a column the statement lacks reads as nil where the record takes an optional.
                if let absent = Value.fromMissingColumn() { return absent }
                throw Self.malformed("no column \(name)")
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

    /// The leftmost column named `name`, ignoring ASCII case as SQLite does, asked of SQLite
    /// each time (a cached statement is compiled again when another process changes the schema).
    private func index(of name: String) -> Int? {
        name.withCString { wanted in
            (0..<Int(sqlite3_column_count(statement))).first { sqlite3_stricmp(sqlite3_column_name(statement, CInt($0)), wanted) == 0 }
        }
    }

    private static func malformed(_ problem: String) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_CORRUPT, message: "malformed row: \(problem)")
    }
}
