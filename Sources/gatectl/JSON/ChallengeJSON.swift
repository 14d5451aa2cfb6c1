import Foundation
import ParentalGate

/// A challenge in `--json` output: never its answer.
struct ChallengeJSON: Encodable {
    var id: String
    var prompt: String
    var locale: String
    var format: String
    var choices: [Int]?
    var issuedAt: Date
    var deadline: Date

    init(_ challenge: Challenge) {
        id = challenge.id.rawValue
        prompt = challenge.prompt
        locale = challenge.locale.identifier
        format = challenge.format.rawValue
        choices = challenge.choices
        issuedAt = challenge.issuedAt
        deadline = challenge.deadline
    }
}
