import Foundation

/// A profile as JSON, as the HTTP API and `gatectl --json` write it: `id`, `name`,
/// `displayName`, `locale`, `enabled`, `createdAt`, `updatedAt`.
extension Profile: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, displayName, locale, enabled, createdAt, updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(locale, forKey: .locale)
        try container.encode(isEnabled, forKey: .enabled)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
            displayName: try container.decode(String.self, forKey: .displayName), locale: try container.decode(LocaleTag.self, forKey: .locale),
            isEnabled: try container.decode(Bool.self, forKey: .enabled), createdAt: try container.decode(Date.self, forKey: .createdAt),
            updatedAt: try container.decode(Date.self, forKey: .updatedAt))
    }
}
