import Foundation

/// An update as flat JSON for a push: `update` (`recorded` or `pruned`); a recorded one is its
/// audit record's JSON (``AuditEntry``) with `displayName`; a pruned one has `after` and `next`.
extension GateUpdate: Codable {
    private enum CodingKeys: String, CodingKey {
        case update, displayName, after, next
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .recorded(let entry, let displayName):
            try container.encode("recorded", forKey: .update)
            try container.encodeIfPresent(displayName, forKey: .displayName)
            try entry.encode(to: encoder)
        case .pruned(let after, let next):
            try container.encode("pruned", forKey: .update)
            try container.encode(after, forKey: .after)
            try container.encode(next, forKey: .next)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .update) {
        case "recorded":
            self = .recorded(try AuditEntry(from: decoder), displayName: try container.decodeIfPresent(String.self, forKey: .displayName))
        case "pruned":
            self = .pruned(after: try container.decode(Int64.self, forKey: .after), next: try container.decode(Int64.self, forKey: .next))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .update, in: container, debugDescription: "no gate update '\(other)'")
        }
    }
}
