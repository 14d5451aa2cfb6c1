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

// Columns by hand rather than `Codable`: decoding and encoding run on every gate operation.
extension AttemptRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "attempts"

    /// Inserts this row (its `id` chosen by SQLite) through a statement prepared once per connection.
    func insertCached(_ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO attempts (challenge_id, profile_id, given_value, outcome, response_ms, answered_at, client)
            VALUES (?,?,?,?,?,?,?)
            """
        ).execute(arguments: [challengeId, profileId, givenValue, outcome, responseMs, answeredAt, client])
    }

    init(row: Row) throws {
        id = row["id"]
        challengeId = row["challenge_id"]
        profileId = row["profile_id"]
        givenValue = row["given_value"]
        outcome = row["outcome"]
        responseMs = row["response_ms"]
        answeredAt = row["answered_at"]
        client = row["client"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["challenge_id"] = challengeId
        container["profile_id"] = profileId
        container["given_value"] = givenValue
        container["outcome"] = outcome
        container["response_ms"] = responseMs
        container["answered_at"] = answeredAt
        container["client"] = client
    }
}
