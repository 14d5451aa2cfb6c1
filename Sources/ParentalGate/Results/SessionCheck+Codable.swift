import Foundation

/// A live parent session as JSON, as `GET /v1/session` writes it: `profileId`, `profile`,
/// `openedAt`, `expiresAt`.
extension SessionCheck: Codable {
    private enum CodingKeys: String, CodingKey {
        case profileId, profile, openedAt, expiresAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profileID, forKey: .profileId)
        try container.encode(profile, forKey: .profile)
        try container.encode(openedAt, forKey: .openedAt)
        try container.encode(expiresAt, forKey: .expiresAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            profileID: try container.decode(Int64.self, forKey: .profileId), profile: try container.decode(String.self, forKey: .profile),
            openedAt: try container.decode(Date.self, forKey: .openedAt), expiresAt: try container.decode(Date.self, forKey: .expiresAt))
    }
}
