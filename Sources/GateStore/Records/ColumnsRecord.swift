import GRDB

/// A record whose table's columns are listed once, in ``Columns``: reading a row names them,
/// and an insert is a statement built from them, prepared once per connection (GRDB's
/// `insert` builds its statement anew each time, and decoding through `Codable` costs more on
/// every gate operation).
///
/// ``Columns`` is GRDB's `TableRecord.Columns`: the table's columns, in the order an insert
/// writes them.
package protocol ColumnsRecord: FetchableRecord, TableRecord where Columns: CaseIterable & ColumnExpression {
    /// `INSERT INTO table (every column) VALUES (?, …)`; conformers keep ``insertStatement()``'s result.
    static var insertSQL: String { get }
    /// What this record stores in `column`.
    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)?
}

extension ColumnsRecord {
    /// The insert of every column of ``Columns``.
    static func insertStatement() -> String {
        let names = Columns.allCases.map(\.name)
        return "INSERT INTO \(databaseTableName) (\(names.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: names.count)))"
    }

    /// `SELECT * FROM table WHERE c1 = ? AND c2 = ? …`: a hot lookup's SQL, built once from the
    /// column declarations and kept by its record for a statement cached per connection.
    static func selectSQL(where columns: Columns...) -> String {
        "SELECT * FROM \(databaseTableName)\(whereClause(columns))"
    }

    /// `UPDATE table SET s1 = ?, … WHERE w1 = ? AND …`: a hot write's SQL, built once likewise;
    /// its arguments are the values set, then the values matched.
    static func updateSQL(set assigned: [Columns], where matched: Columns...) -> String {
        "UPDATE \(databaseTableName) SET \(assigned.map { "\($0.name) = ?" }.joined(separator: ", "))\(whereClause(matched))"
    }

    private static func whereClause(_ columns: [Columns]) -> String {
        columns.isEmpty ? "" : " WHERE " + columns.map { "\($0.name) = ?" }.joined(separator: " AND ")
    }

    /// Inserts this row through a statement prepared once per connection; a `nil` integer
    /// primary key is chosen by SQLite (`db.lastInsertedRowID`).
    func insertCached(_ db: Database) throws {
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: StatementArguments(positional: Columns.allCases.map(databaseValue(of:))))
    }
}
