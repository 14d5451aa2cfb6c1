import Foundation

/// A begin's result as JSON, as the HTTP API writes it: `result` (`challenge`, `lockedOut`,
/// `hardLocked`, `disabled`, `quietHours`), with `challenge` or `until`.
extension BeginResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case result, challenge, until
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .challenge(let challenge):
            try container.encode("challenge", forKey: .result)
            try container.encode(challenge, forKey: .challenge)
        case .lockedOut(let until):
            try container.encode("lockedOut", forKey: .result)
            try container.encode(until, forKey: .until)
        case .hardLocked: try container.encode("hardLocked", forKey: .result)
        case .disabled: try container.encode("disabled", forKey: .result)
        case .quietHours(let until):
            try container.encode("quietHours", forKey: .result)
            try container.encode(until, forKey: .until)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "challenge": self = .challenge(try container.decode(Challenge.self, forKey: .challenge))
        case "lockedOut": self = .lockedOut(until: try container.decode(Date.self, forKey: .until))
        case "hardLocked": self = .hardLocked
        case "disabled": self = .disabled
        case "quietHours": self = .quietHours(until: try container.decode(Date.self, forKey: .until))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .result, in: container, debugDescription: "no begin result '\(other)'")
        }
    }
}
