import Foundation
import GateCore
import GRDB

/// A row of `attempts`.
struct AttemptRecord: Hashable {
    var id: Int64?
    var challengeId: String
    var profileId: Int64
    var givenValue: Int
    var outcome: String
    var responseMs: Int64
    var answeredAt: Int64
    var client: String?
    /// How many times it was given (``selectWithCount``); 1 when the query did not ask.
    var count = 1

    /// The domain value of this row.
    func attempt() throws -> Attempt {
        guard let id, let challengeID = ChallengeID(challengeId), let outcome = AnswerOutcome(rawValue: outcome) else {
            throw StoreError.constraint("malformed attempt row")
        }
        return Attempt(
            id: id, challengeID: challengeID, profileID: profileId, givenValue: givenValue, outcome: outcome,
            responseTime: .milliseconds(responseMs), answeredAt: Date(millisecondsSince1970: answeredAt), client: client,
            count: count)
    }
}

// MARK: - Database

extension AttemptRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "attempts"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, challengeId = "challenge_id", profileId = "profile_id", givenValue = "given_value", outcome
        case responseMs = "response_ms", answeredAt = "answered_at", client
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        challengeId = try row[Columns.challengeId]
        profileId = try row[Columns.profileId]
        givenValue = try row[Columns.givenValue]
        outcome = try row[Columns.outcome]
        responseMs = try row[Columns.responseMs]
        answeredAt = try row[Columns.answeredAt]
        client = try row[Columns.client]
        if row.hasColumn(Self.countColumn) { count = try row[Self.countColumn] }
    }

    /// The name ``selectWithCount`` gives the count.
    private static let countColumn = "replay_count"

    /// Every column, and how many times the attempt was given: a replay is kept once, and its
    /// repeats are counted in the run of the audit record written with it (same profile,
    /// challenge and time).
    static let selectWithCount = {
        typealias Log = AuditLogRecord.Columns
        typealias Run = AuditRepeatRecord.Columns
        return """
            SELECT a.*, COALESCE((
                SELECT r.\(Run.count.name) FROM \(AuditLogRecord.databaseTableName) l
                JOIN \(AuditRepeatRecord.databaseTableName) r ON r.\(Run.auditId.name) = l.\(Log.id.name)
                WHERE a.\(Columns.outcome.name) = '\(AnswerOutcome.replay.rawValue)'
                  AND l.\(Log.profileId.name) = a.\(Columns.profileId.name) AND l.\(Log.occurredAt.name) = a.\(Columns.answeredAt.name)
                  AND l.\(Log.kind.name) = '\(AuditEventKind.replayRefused.rawValue)' AND l.\(Log.challengeId.name) = a.\(Columns.challengeId.name)
                ORDER BY l.\(Log.id.name) LIMIT 1), 1) AS \(countColumn)
            FROM \(databaseTableName) a
            """
    }()

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .challengeId: challengeId
        case .profileId: profileId
        case .givenValue: givenValue
        case .outcome: outcome
        case .responseMs: responseMs
        case .answeredAt: answeredAt
        case .client: client
        }
    }
}
