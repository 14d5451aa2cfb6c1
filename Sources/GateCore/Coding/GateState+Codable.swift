import Foundation

/// A gate's state as JSON, as the HTTP API writes it: `state` (``GateState/name``), `until`
/// for `parent` and `lockedOut`, `challenge` for `verifying`.
extension GateState: Codable {
    private enum CodingKeys: String, CodingKey {
        case state, until, challenge
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, hidingChallengeID: encoder.userInfo[.hidingChallengeIDs] as? Bool == true)
    }

    /// The JSON, an open challenge without its id when `hidingChallengeID`.
    package func encode(to encoder: any Encoder, hidingChallengeID: Bool) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .state)
        switch self {
        case .parent(let until), .lockedOut(let until), .quietHours(let until): try container.encode(until, forKey: .until)
        case .verifying(let challenge):
            try challenge.encode(to: container.superEncoder(forKey: .challenge), hidingID: hidingChallengeID)
        case .child, .hardLocked, .disabled: break
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .state) {
        case "child": self = .child
        case "verifying": self = .verifying(try container.decode(Challenge.self, forKey: .challenge))
        case "parent": self = .parent(until: try container.decode(Date.self, forKey: .until))
        case "lockedOut": self = .lockedOut(until: try container.decode(Date.self, forKey: .until))
        case "hardLocked": self = .hardLocked
        case "disabled": self = .disabled
        case "quietHours": self = .quietHours(until: try container.decode(Date.self, forKey: .until))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .state, in: container, debugDescription: "no gate state '\(other)'")
        }
    }
}
