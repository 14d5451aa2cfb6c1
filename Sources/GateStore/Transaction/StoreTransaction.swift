import Foundation
import GRDB

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

    /// The first row of `sql`, through a statement prepared once per connection.
    func fetchOne<Record: FetchableRecord>(
        _ type: Record.Type, cached sql: String, arguments: StatementArguments = []
    ) throws -> Record? {
        try Record.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// Runs the write `sql` through a statement prepared once per connection; returns the rows it changed.
    @discardableResult
    func execute(cached sql: String, arguments: StatementArguments = []) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
        return db.changesCount
    }
}

extension StoreTransaction: GateTransaction, SQLRunner {
    package func fetchOne<Record: FetchableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> Record? {
        try Record.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
    }

    package func fetchAll<Record: FetchableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> [Record] {
        try Record.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
    }

    @discardableResult
    package func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(arguments))
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
