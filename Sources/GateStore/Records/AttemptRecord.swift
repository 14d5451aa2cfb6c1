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

    /// The domain value of this row.
    func attempt() throws -> Attempt {
        guard let id, let challengeID = ChallengeID(challengeId), let outcome = AnswerOutcome(rawValue: outcome) else {
            throw StoreError.constraint("malformed attempt row")
        }
        return Attempt(
            id: id, challengeID: challengeID, profileID: profileId, givenValue: givenValue, outcome: outcome,
            responseTime: .milliseconds(responseMs), answeredAt: Date(millisecondsSince1970: answeredAt), client: client)
    }
}

// MARK: - Database

extension AttemptRecord: ColumnsRecord {
    static let databaseTableName = "attempts"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, challengeId = "challenge_id", profileId = "profile_id", givenValue = "given_value", outcome
        case responseMs = "response_ms", answeredAt = "answered_at", client
    }

    init(row: Row) throws {
        id = row[Columns.id]
        challengeId = row[Columns.challengeId]
        profileId = row[Columns.profileId]
        givenValue = row[Columns.givenValue]
        outcome = row[Columns.outcome]
        responseMs = row[Columns.responseMs]
        answeredAt = row[Columns.answeredAt]
        client = row[Columns.client]
    }

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
