import Foundation
import ParentalGate
import GateJSON
import Hummingbird

/// A profile's state over HTTP: what `gatectl status --json` shows, but an open challenge
/// without its id, so that only the client that began it (which got the id then) can
/// answer or cancel it.
struct StateResponse: ResponseEncodable {
    /// An open challenge as anyone may see it.
    struct OpenChallenge: Encodable {
        var prompt: String
        var locale: String
        var format: String
        var choices: [Int]?
        var issuedAt: Date
        var deadline: Date
    }

    var profile: String
    var state: String
    var until: Date?
    var challenge: OpenChallenge?

    init(_ json: StateJSON) {
        profile = json.profile
        state = json.state
        until = json.until
        challenge = json.challenge.map {
            OpenChallenge(prompt: $0.prompt, locale: $0.locale, format: $0.format, choices: $0.choices, issuedAt: $0.issuedAt, deadline: $0.deadline)
        }
    }
}
