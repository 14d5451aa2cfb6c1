import Foundation
import GRDB
import GRDBSQLite

/// The reads and writes of one transaction of a ``GateStore``.
///
/// Obtained only inside ``GateStore/write(_:)`` (one `BEGIN IMMEDIATE` transaction) or
/// ``GateStore/read(_:)`` (a read-only snapshot, where every write method fails). Every
/// write that changes gate state appends its audit record in the same transaction.
package struct StoreTransaction {
    let db: Database
    /// What this transaction already read or wrote, so it is not read again.
    package let memo = TransactionMemo()

    init(_ db: Database) {
        self.db = db
    }

    /// Records everything this transaction writes as done for the local account `account`
    /// (the caller on a daemon socket): every audit record carries it (`account`), and so
    /// does a request to a parent.
    package func attribute(to account: String?) {
        memo.account = account
    }

    /// Steps `sql` through a statement prepared once per connection, handing each row to
    /// `take` in place until it returns `false` or the rows end; the statement is reset after.
    ///
    /// Only reads come here. GRDB's own execution also records the database region a
    /// statement read, tells transaction observers, and checks a suspended or aborted
    /// transaction: the store uses none of these. Its cancellation interrupts the connection;
    /// an interrupted step is a `CancellationError` here too.
    private func step(
        _ sql: String, _ arguments: [(any DatabaseValueConvertible)?], _ take: (SteppedRow) throws -> Bool
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(StatementArguments(positional: arguments))
        let sqliteStatement = statement.sqliteStatement
        defer { sqlite3_reset(sqliteStatement) }
        let row = SteppedRow(sqliteStatement)
        while true {
            switch sqlite3_step(sqliteStatement) {
            case SQLITE_ROW:
                guard try take(row) else { return }
            case SQLITE_DONE:
                return
            case SQLITE_INTERRUPT:
                throw CancellationError()
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: sql)
            }
        }
    }
}

extension StoreTransaction: GateTransaction, SQLRunner {
    package func fetchOne<Record: FetchableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> Record? {
        try Record.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(positional: arguments))
    }

    package func fetchAll<Record: FetchableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> [Record] {
        try Record.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(positional: arguments))
    }

    package func fetchOne<Record: ReadableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> Record? {
        var found: Record?
        try step(sql, arguments) { row in
            found = try Record(row: row)
            return false
        }
        return found
    }

    package func fetchAll<Record: ReadableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> [Record] {
        var records: [Record] = []
        try step(sql, arguments) { row in
            records.append(try Record(row: row))
            return true
        }
        return records
    }

    @discardableResult
    package func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(positional: arguments))
        return db.changesCount
    }

    @discardableResult
    package func insert<Record: ColumnsRecord>(_ record: Record) throws -> Int64? {
        try record.insertCached(db)
        return db.lastInsertedRowID
    }

    package var dialect: SQLDialect { .sqlite }

    /// One file has one machine's processes: the gate's own time source is the clock.
    package func clockReading(_ local: Date) throws -> Date {
        local
    }

    /// `BEGIN IMMEDIATE` already holds the whole database's write lock.
    package func lockPolicies() throws {}

    /// `BEGIN IMMEDIATE` already holds the whole database's write lock.
    package func lockGate(of profileID: Int64) throws -> Bool {
        false
    }
}
