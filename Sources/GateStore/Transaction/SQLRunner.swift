import Foundation
import GateCore
import GRDB

/// What the gate's hot reads and writes need of a database, so that one implementation of
/// them (the rules of recording: audit chain and runs, challenges, attempts, counters,
/// sessions) runs on both backends.
///
/// The statements are the records' own (`ProfileRecord.byNameKeySQL`, …), written in SQL both
/// SQLite and PostgreSQL take, with `?` for each argument. A record reads itself from a
/// ``ColumnReader``, the same way from either: a GRDB `Row`, or on SQLite a ``ReadableRecord``
/// from the stepped statement's current row.
package protocol SQLRunner {
    /// What this transaction already read or wrote.
    var memo: TransactionMemo { get }
    /// How this database spells what standard SQL does not say.
    var dialect: SQLDialect { get }
    /// The first row of `sql` as a `Record`, if any.
    func fetchOne<Record: FetchableRecord>(_ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Record?
    /// Every row of `sql` as a `Record`.
    func fetchAll<Record: FetchableRecord>(_ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [Record]
    /// The first row of `sql` as a `Record` that reads any ``ColumnReader`` (SQLite reads it in place).
    func fetchOne<Record: ReadableRecord>(_ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Record?
    /// Every row of `sql` as a `Record` that reads any ``ColumnReader`` (SQLite reads each in place).
    func fetchAll<Record: ReadableRecord>(_ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [Record]
    /// Runs the write `sql`; returns the rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int
    /// Inserts `record` (every column of its `Columns`); returns the id the database gave a
    /// row whose integer primary key was `nil`, else `nil`.
    @discardableResult
    func insert<Record: ColumnsRecord>(_ record: Record) throws -> Int64?
    /// Takes the write lock on profile `id`'s gate, once per transaction: `true` when it was
    /// taken now and what was read of the profile before may since have changed (PostgreSQL's
    /// `SELECT … FOR UPDATE`); `false` when the whole transaction already holds it (SQLite's
    /// `BEGIN IMMEDIATE`) or this transaction took it earlier.
    func lockGate(of profileID: Int64) throws -> Bool
    /// Takes the write lock on the policies (the household's row), once per transaction, before
    /// a change that is checked against every effective policy and the stored questions
    /// (PostgreSQL's `SELECT … FOR UPDATE`; SQLite's transaction holds the whole file).
    func lockPolicies() throws

    /// The id the next audit record follows and the hash it chains to, with the open runs
    /// noted in ``memo`` (the chain's head locked until the transaction ends).
    func auditTail() throws -> (id: Int64, hash: Data)
    /// The highest id the audit log ever gave (a deleted tail leaves it behind).
    func highestAuditID() throws -> Int64
    /// After rows were written with their ids (a family copied in): numbers new rows after
    /// them, and the audit log after `afterAuditID` (its chain's head at its newest record).
    func continueNumbering(afterAuditID: Int64) throws
}
