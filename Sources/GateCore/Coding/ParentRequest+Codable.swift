import Foundation

/// A request to a parent as JSON, as the HTTP API and `gatectl --json` write it: its
/// `number`, never the asking client's handle nor an approval link; `profile`, `displayName`,
/// `client`, `account`, `status`, `createdAt`, `expiresAt`, `decidedAt`, `decidedBy`, `pickedUp`.
extension ParentRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case number, profile, displayName, client, account, status, createdAt, expiresAt, decidedAt, decidedBy, pickedUp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .number)
        try container.encode(profile, forKey: .profile)
        try container.encode(displayName, forKey: .displayName)
        try container.encodeIfPresent(client, forKey: .client)
        try container.encodeIfPresent(account, forKey: .account)
        try container.encode(status, forKey: .status)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encodeIfPresent(decidedAt, forKey: .decidedAt)
        try container.encodeIfPresent(decidedBy, forKey: .decidedBy)
        try container.encode(isPickedUp, forKey: .pickedUp)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .number), profile: try container.decode(String.self, forKey: .profile),
            displayName: try container.decode(String.self, forKey: .displayName), client: try container.decodeIfPresent(String.self, forKey: .client),
            account: try container.decodeIfPresent(String.self, forKey: .account), createdAt: try container.decode(Date.self, forKey: .createdAt),
            expiresAt: try container.decode(Date.self, forKey: .expiresAt), status: try container.decode(Status.self, forKey: .status),
            decidedAt: try container.decodeIfPresent(Date.self, forKey: .decidedAt),
            decidedBy: try container.decodeIfPresent(String.self, forKey: .decidedBy), isPickedUp: try container.decode(Bool.self, forKey: .pickedUp))
    }
}
