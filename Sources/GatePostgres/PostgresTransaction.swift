import Foundation
import GateCore
import GateStore
import GRDB
import Logging
import NIOCore
import PostgresNIO

/// The reads and writes of one transaction of a ``PostgresStore``, on one connection.
///
/// Runs on a thread of the store's own pool, never on Swift's cooperative pool: each
/// statement waits for PostgreSQL's answer (`EventLoopFuture.wait()`), so the shared,
/// synchronous rules of ``SQLRunner`` (GateStore) run here unchanged.
///
/// Every write that touches a profile's gate locks its `gate_states` row first
/// (``lockGate(of:)``), and the audit chain's head is locked by the first record appended
/// (``auditTail()``): two daemons take turns on one profile, and never chain two records to
/// the same predecessor.
package final class PostgresTransaction: SQLRunner {
    package let memo = TransactionMemo()
    package var dialect: SQLDialect { .postgres }
    private let connection: PostgresConnection
    private let logger: Logger
    /// `false` in a read-only transaction, where nothing is locked.
    private let isWriting: Bool
    /// Whose clock the rules read (``clockReading(_:)``).
    let clock: PostgresStore.Clock
    /// Whose rows the transaction sees and writes (row-level security, set as its first statement).
    let scope: Scope
    /// The chain's head as read (and locked) by this transaction, to write back at commit.
    private var headRead: (id: Int64, hash: Data)?

    /// What a transaction may see: PostgreSQL's row-level security shows a transaction the
    /// rows of the household it set, and an operator's the list of households only.
    package enum Scope: Sendable, Equatable {
        /// One household's rows (its id in `households`).
        case household(Int64)
        /// Every household's name and nothing of any family: adding, renaming, removing households.
        case `operator`
    }

    init(connection: PostgresConnection, logger: Logger, isWriting: Bool, clock: PostgresStore.Clock, scope: Scope) {
        self.connection = connection
        self.logger = logger
        self.isWriting = isWriting
        self.clock = clock
        self.scope = scope
    }

    // MARK: Statements

    /// The rows of `sql` (`?` for each argument) as GRDB rows, each column by its name.
    func rows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> (rows: [Row], changed: Int) {
        let query = PostgresQuery(unsafeSQL: Self.numbered(sql), binds: try Self.binds(arguments))
        let result = try Self.mapErrors { try connection.query(query, logger: logger).wait() }
        return (try result.rows.map(Self.row), result.metadata.rows ?? 0)
    }

    package func fetchOne<Record: FetchableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> Record? {
        try rows(sql, arguments).rows.first.map { try Record(row: $0) }
    }

    package func fetchAll<Record: FetchableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> [Record] {
        try rows(sql, arguments).rows.map { try Record(row: $0) }
    }

    @discardableResult
    package func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int {
        try rows(sql, arguments).changed
    }

    @discardableResult
    package func insert<Record: ColumnsRecord>(_ record: Record) throws -> Int64? {
        // A nil integer `id` is left to the table's identity column, and read back.
        var names: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []
        var choosesID = false
        for column in Record.Columns.allCases {
            let value = record.databaseValue(of: column)
            if column.name == "id", value == nil || value?.databaseValue.isNull == true {
                choosesID = true
                continue
            }
            names.append(column.name)
            values.append(value)
        }
        let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let sql = "INSERT INTO \(Record.databaseTableName) (\(names.joined(separator: ", "))) VALUES (\(marks))"
            + (choosesID ? " RETURNING id" : "")
        let found = try rows(sql, values).rows
        guard choosesID else { return nil }
        return found.first.flatMap { $0["id"] as Int64? }
    }

    package func lockGate(of profileID: Int64) throws -> Bool {
        guard isWriting, !memo.lockedGates.contains(profileID) else { return false }
        memo.lockedGates.insert(profileID)
        _ = try rows("SELECT profile_id FROM gate_states WHERE profile_id = ? FOR UPDATE", [profileID])
        // What this transaction remembers of the profile may be older than the lock.
        memo.challenges = memo.challenges.filter { $0.value.profileID != profileID }
        return true
    }

    package func lockPolicies() throws {
        guard isWriting, !memo.policiesLocked else { return }
        memo.policiesLocked = true
        _ = try rows("SELECT id FROM policies WHERE profile_id IS NULL FOR UPDATE", [])
    }

    package func auditTail() throws -> (id: Int64, hash: Data) {
        if let tail = memo.auditTail { return tail }
        let lock = isWriting ? " FOR UPDATE" : ""
        guard let head = try rows("SELECT last_id, last_hash FROM audit_head WHERE id = 1" + lock, []).rows.first,
              let id = head["last_id"] as Int64?, let hash = head["last_hash"] as Data?
        else { throw StoreError.postgres(code: "P0002", message: "the audit chain's head row is missing") }
        try noteOpenRuns()
        headRead = (id, hash)
        memo.auditTail = (id, hash)
        return (id, hash)
    }

    /// Every identity column's sequence set past the rows copied in, and the chain's head at
    /// the newest record (the anchor's, when none is left).
    ///
    /// A sequence numbers every household's rows, so it only moves forward: past this
    /// household's highest id (row-level security shows no other), or on from where it was.
    package func continueNumbering(afterAuditID: Int64) throws {
        for table in Self.numberedTables {
            _ = try rows("""
                SELECT setval(pg_get_serial_sequence('\(table)', 'id'), greatest(
                    coalesce((SELECT max(id) FROM \(table)), 0) + 1, nextval(pg_get_serial_sequence('\(table)', 'id'))), false)
                """, [])
        }
        _ = try rows("""
            UPDATE audit_head SET last_id = ?, last_hash = coalesce(
                (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1),
                (SELECT pruned_through_hash FROM audit_anchor WHERE id = 1))
            WHERE id = 1
            """, [afterAuditID])
    }

    /// The tables whose `id` the database chooses (an identity column).
    static let numberedTables = [
        "profiles", "policies", "policy_changes", "question_sets", "questions", "attempts", "parent_sessions", "admin_tokens",
        "notification_subscriptions", "parent_requests", "notification_outbox", "parent_codes",
    ]

    /// The head's id: it only moves forward, whatever is deleted behind it.
    package func highestAuditID() throws -> Int64 {
        let found: Int64? = try rows("SELECT last_id FROM audit_head WHERE id = 1", []).rows.first?["last_id"]
        return found ?? 0
    }

    /// Writes the chain's new head, when this transaction appended to it.
    func finish() throws {
        guard let tail = memo.auditTail, let read = headRead, tail.id != read.id else { return }
        try execute("UPDATE audit_head SET last_id = ?, last_hash = ? WHERE id = 1", [tail.id, tail.hash])
    }

    // MARK: Conversions

    /// `sql` with its `?` placeholders numbered as PostgreSQL wants them (`$1`, `$2`, …); a
    /// `?` inside a quoted string is left alone.
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quoted = false
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == "?", !quoted {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Each argument as PostgreSQL takes it: integers as `int8`, reals as `float8`, text, bytes as `bytea`.
    static func binds(_ arguments: [(any DatabaseValueConvertible)?]) throws -> PostgresBindings {
        var binds = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument?.databaseValue.storage ?? .null {
            case .null: binds.appendNull()
            case .int64(let value): binds.append(value)
            case .double(let value): binds.append(value)
            case .string(let value): binds.append(value)
            case .blob(let value): try binds.append(value)
            }
        }
        return binds
    }

    /// A PostgreSQL row as a GRDB row, so a record reads itself as it does from SQLite.
    static func row(_ row: PostgresRow) throws -> Row {
        var values: [String: (any DatabaseValueConvertible)?] = [:]
        for cell in row {
            guard cell.bytes != nil else {
                values.updateValue(nil, forKey: cell.columnName)  // (assigning nil would drop the column)
                continue
            }
            switch cell.dataType {
            case .int8, .int4, .int2: values[cell.columnName] = try cell.decode(Int64.self)
            case .bool: values[cell.columnName] = try cell.decode(Bool.self)
            case .float8, .float4: values[cell.columnName] = try cell.decode(Double.self)
            case .numeric: values[cell.columnName] = Double(try cell.decode(String.self))  // (a sum: whole in practice)
            case .bytea: values[cell.columnName] = try cell.decode(Data.self)
            default: values[cell.columnName] = try cell.decode(String.self)
            }
        }
        return Row(values)
    }

    /// Runs `body`, reporting PostgreSQL's refusal as a ``StoreError`` with its SQLSTATE.
    static func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PSQLError {
            throw PostgresFailure(error)
        }
    }
}

extension PostgresTransaction: GateTransaction {
    package func attribute(to account: String?) {
        memo.account = account
    }

    package func clockReading(_ local: Date) throws -> Date {
        switch clock {
        case .daemon:
            return local
        case .database:
            let milliseconds: Int64? = try rows(
                "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now", []
            ).rows.first?["now"]
            guard let milliseconds else { throw StoreError.postgres(code: "P0002", message: "the server told no time") }
            return Date(millisecondsSince1970: milliseconds)
        }
    }

    /// Begins the transaction: `READ COMMITTED` for a write (whose locks order what matters),
    /// one `REPEATABLE READ` snapshot for a read; its first statement sets its ``scope`` for
    /// this transaction alone (`set_config(…, true)`), sent without waiting for the `BEGIN`'s answer.
    func begin() throws {
        let begin = PostgresQuery(
            unsafeSQL: isWriting ? "BEGIN ISOLATION LEVEL READ COMMITTED" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        // Both settings, every time: nothing a connection carried over can widen this scope.
        var binds = PostgresBindings(capacity: 4)
        binds.append(PostgresStore.householdSetting)
        let household: String = if case .household(let id) = scope { String(id) } else { "" }
        binds.append(household)
        binds.append(PostgresStore.operatorSetting)
        binds.append(scope == .operator ? "on" : "")
        let scoped = PostgresQuery(unsafeSQL: "SELECT set_config($1, $2, true), set_config($3, $4, true)", binds: binds)
        let begun = connection.query(begin, logger: logger)
        let set = connection.query(scoped, logger: logger)
        try Self.mapErrors {
            _ = try begun.wait()
            _ = try set.wait()
        }
    }

    /// Writes the chain's new head, then commits.
    func commit() throws {
        try finish()
        _ = try rows("COMMIT", [])
    }

    /// After the commit, and outside it, tells every listening daemon that notifications were
    /// queued, signed `sender`; a failure is ignored: the server's queue of notifications is
    /// shared by every database on it, so the gate's writes never depend on it, and the
    /// outbox table is the truth.
    func announceQueuedNotifications(sender: String) {
        _ = try? rows("SELECT pg_notify(?, ?)", [PostgresStore.outboxChannel, sender])
    }

    /// Rolls back what the transaction did; a connection that failed is dropped by the pool.
    func rollBack() {
        _ = try? rows("ROLLBACK", [])
    }
}
