import Foundation
import GateCore
import ParentalGate

/// A challenge in `gatectl --json` output and the HTTP API: never its answer, and its id
/// only where the one who began it, or a parent, is asking.
public struct ChallengeJSON: Encodable, Sendable {
    /// Absent in `status`: whoever learns the id can answer or cancel the challenge.
    public var id: String?
    public var prompt: String
    public var locale: String
    public var format: String
    public var choices: [Int]?
    public var issuedAt: Date
    public var deadline: Date

    public init(_ challenge: Challenge, showingID: Bool = true) {
        id = showingID ? challenge.id.rawValue : nil
        prompt = challenge.prompt
        locale = challenge.locale.identifier
        format = challenge.format.rawValue
        choices = challenge.choices
        issuedAt = challenge.issuedAt
        deadline = challenge.deadline
    }
}
