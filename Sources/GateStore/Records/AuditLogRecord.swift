import Foundation
import GateCore
import GRDB

/// A row of `audit_log`.
struct AuditLogRecord {
    var id: Int64
    var occurredAt: Int64
    var kind: String
    var profileId: Int64?
    var profileName: String?
    var actor: String?
    var client: String?
    var challengeId: String?
    var details: String
    var prevHash: Data
    var hash: Data
    /// The run this record begins, when it repeated (``AuditRun``): not part of the hash.
    var run: (count: Int64, lastAt: Int64, closed: Bool)?

    /// Selects records (`l`) with the count, last time and state of the run each begins, if any.
    static let selectWithRuns = {
        typealias Run = AuditRepeatRecord.Columns
        return """
            SELECT l.*, r.\(Run.count.name) AS \(runCount), r.\(Run.lastAt.name) AS \(runLastAt), r.\(Run.closed.name) AS \(runClosed)
            FROM \(databaseTableName) l LEFT JOIN \(AuditRepeatRecord.databaseTableName) r ON r.\(Run.auditId.name) = l.\(Columns.id.name)
            """
    }()
    /// The next thousand records from an id on, with their runs: a verification's batch.
    static let batchSQL = "\(selectWithRuns) WHERE l.\(Columns.id.name) >= ? ORDER BY l.\(Columns.id.name) LIMIT 1000"
    /// The names ``selectWithRuns`` gives the run's columns.
    private static let runCount = "run_count", runLastAt = "run_last_at", runClosed = "run_closed"

    /// The record for `event`, numbered `id`, chained to `previousHash`, with its hash computed.
    init(id: Int64, occurredAt: Date, event: AuditEvent, previousHash: Data) {
        self.id = id
        self.occurredAt = occurredAt.millisecondsSince1970
        kind = event.kind.rawValue
        profileId = event.profileID
        profileName = event.profileName
        actor = event.actor
        client = event.client
        challengeId = event.challengeID?.rawValue
        details = JSONText.encode(event.details)
        prevHash = previousHash
        hash = Data()
        hash = AuditChain.hash(of: self)
    }

    /// The domain value of this row.
    func entry() throws -> AuditEntry {
        guard let kind = AuditEventKind(rawValue: kind) else { throw StoreError.constraint("unknown audit kind \(kind)") }
        let event = AuditEvent(
            kind, profileID: profileId, profileName: profileName, actor: actor, client: client,
            challengeID: challengeId.flatMap(ChallengeID.init),
            details: (try? JSONText.decode([String: String].self, from: details)) ?? [:])
        return AuditEntry(
            id: id, occurredAt: Date(millisecondsSince1970: occurredAt), event: event, previousHash: Array(prevHash),
            hash: Array(hash), count: Int(run?.count ?? 1),
            lastOccurredAt: Date(millisecondsSince1970: run?.lastAt ?? occurredAt))
    }
}

// MARK: - Database

extension AuditLogRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "audit_log"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, occurredAt = "occurred_at", kind, profileId = "profile_id", profileName = "profile_name", actor, client
        case challengeId = "challenge_id", details, prevHash = "prev_hash", hash
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        occurredAt = try row[Columns.occurredAt]
        kind = try row[Columns.kind]
        profileId = try row[Columns.profileId]
        profileName = try row[Columns.profileName]
        actor = try row[Columns.actor]
        client = try row[Columns.client]
        challengeId = try row[Columns.challengeId]
        details = try row[Columns.details]
        prevHash = try row[Columns.prevHash]
        hash = try row[Columns.hash]
        if let count: Int64 = try row[Self.runCount] {
            run = (count, try row[Self.runLastAt] ?? occurredAt, try row[Self.runClosed] ?? false)
        }
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .occurredAt: occurredAt
        case .kind: kind
        case .profileId: profileId
        case .profileName: profileName
        case .actor: actor
        case .client: client
        case .challengeId: challengeId
        case .details: details
        case .prevHash: prevHash
        case .hash: hash
        }
    }
}
