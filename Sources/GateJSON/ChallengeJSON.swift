import Foundation
import GateCore
import ParentalGate

/// A challenge in `gatectl --json` output and the HTTP API: never its answer.
public struct ChallengeJSON: Encodable, Sendable {
    public var id: String
    public var prompt: String
    public var locale: String
    public var format: String
    public var choices: [Int]?
    public var issuedAt: Date
    public var deadline: Date

    public init(_ challenge: Challenge) {
        id = challenge.id.rawValue
        prompt = challenge.prompt
        locale = challenge.locale.identifier
        format = challenge.format.rawValue
        choices = challenge.choices
        issuedAt = challenge.issuedAt
        deadline = challenge.deadline
    }
}
