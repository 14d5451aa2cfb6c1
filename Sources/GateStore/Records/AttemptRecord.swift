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

extension AttemptRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "attempts"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}
