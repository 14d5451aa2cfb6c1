import GateCore
import GRDB

/// A row of `audit_repeats`: the count and last time of a run (``AuditRun``) begun by an audit record.
struct AuditRepeatRecord {
    var auditId: Int64
    var profileId: Int64
    var kind: String
    var runKey: String
    var count: Int64
    var lastAt: Int64
    /// Whether a later record of the profile closed the run (and sealed its count).
    var closed: Bool

    init(_ run: AuditRun, closed: Bool = false) {
        auditId = run.auditID
        profileId = run.profileID
        kind = run.kind.rawValue
        runKey = run.key
        count = run.count
        lastAt = run.lastAt
        self.closed = closed
    }

    /// The run of this row; `nil` for a kind this build does not know.
    var run: AuditRun? {
        AuditEventKind(rawValue: kind).map {
            AuditRun(auditID: auditId, profileID: profileId, kind: $0, key: runKey, count: count, lastAt: lastAt)
        }
    }
}

// MARK: - Database

extension AuditRepeatRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "audit_repeats"
    static let insertSQL = insertStatement()
    /// The open runs: read with the audit log's tail by a transaction's first record while any
    /// run is open (a locked-out child retrying), so its statement is cached per connection.
    static let openSQL = "SELECT * FROM \(databaseTableName) WHERE \(Columns.closed.name) = 0"
    /// One more occurrence: the count and last time of a run.
    static let repeatSQL = updateSQL(set: [.count, .lastAt], where: .auditId)
    /// A run closed with repeats: kept, sealed.
    static let closeSQL = updateSQL(set: [.closed], where: .auditId)
    /// A run closed without a repeat: nothing kept.
    static let deleteSQL = "DELETE FROM \(databaseTableName) WHERE \(Columns.auditId.name) = ?"

    enum Columns: String, CaseIterable, ColumnExpression {
        case auditId = "audit_id", profileId = "profile_id", kind, runKey = "run_key", count, lastAt = "last_at", closed
    }

    init(row: some ColumnReader) throws {
        auditId = try row[Columns.auditId]
        profileId = try row[Columns.profileId]
        kind = try row[Columns.kind]
        runKey = try row[Columns.runKey]
        count = try row[Columns.count]
        lastAt = try row[Columns.lastAt]
        closed = try row[Columns.closed]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .auditId: auditId
        case .profileId: profileId
        case .kind: kind
        case .runKey: runKey
        case .count: count
        case .lastAt: lastAt
        case .closed: closed
        }
    }
}
