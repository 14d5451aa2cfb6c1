import Foundation
import GateCore
import ParentalGate

/// A recorded answer in `gatectl --json` output and the HTTP API.
public struct AttemptJSON: Encodable, Sendable {
    public var challenge: String
    public var value: Int
    public var outcome: String
    public var responseMs: Int64
    public var answeredAt: Date
    public var client: String?

    public init(_ attempt: Attempt) {
        challenge = attempt.challengeID.rawValue
        value = attempt.givenValue
        outcome = attempt.outcome.rawValue
        responseMs = attempt.responseTime.wholeMilliseconds
        answeredAt = attempt.answeredAt
        client = attempt.client
    }
}
