import Foundation
import ParentalGate

/// A recorded answer in `--json` output.
struct AttemptJSON: Encodable {
    var challenge: String
    var value: Int
    var outcome: String
    var responseMs: Int64
    var answeredAt: Date
    var client: String?

    init(_ attempt: Attempt) {
        challenge = attempt.challengeID.rawValue
        value = attempt.givenValue
        outcome = attempt.outcome.rawValue
        responseMs = attempt.responseTime.wholeMilliseconds
        answeredAt = attempt.answeredAt
        client = attempt.client
    }
}
