import Foundation

/// An audit record as JSON, as the HTTP API, its event stream and `gatectl audit list --json`
/// write it: `id`, `time`, `count`, `lastTime`, `kind`, `profileId`, `profile`, `actor`,
/// `client`, `challenge`, `details` (times in ISO 8601), `previousHash` and `hash` (hex).
extension AuditEntry: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, time, count, lastTime, kind, profileId, profile, actor, client, challenge, details, previousHash, hash
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(occurredAt, forKey: .time)
        try container.encode(count, forKey: .count)
        try container.encode(lastOccurredAt, forKey: .lastTime)
        try container.encode(event.kind, forKey: .kind)
        try container.encodeIfPresent(event.profileID, forKey: .profileId)
        try container.encodeIfPresent(event.profileName, forKey: .profile)
        try container.encodeIfPresent(event.actor, forKey: .actor)
        try container.encodeIfPresent(event.client, forKey: .client)
        try container.encodeIfPresent(event.challengeID, forKey: .challenge)
        try container.encode(event.detailsWithISOTimes, forKey: .details)
        try container.encode(previousHash.hexText, forKey: .previousHash)
        try container.encode(hash.hexText, forKey: .hash)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let details = try container.decode([String: String].self, forKey: .details)
        let event = AuditEvent(
            try container.decode(AuditEventKind.self, forKey: .kind), profileID: try container.decodeIfPresent(Int64.self, forKey: .profileId),
            profileName: try container.decodeIfPresent(String.self, forKey: .profile), actor: try container.decodeIfPresent(String.self, forKey: .actor),
            client: try container.decodeIfPresent(String.self, forKey: .client),
            challengeID: try container.decodeIfPresent(ChallengeID.self, forKey: .challenge),
            details: AuditEvent.details(fromISOTimes: details))
        let hashes = try [CodingKeys.previousHash, .hash].map { key in
            guard let bytes = [UInt8](hexText: try container.decode(String.self, forKey: key)), bytes.count == 32 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not 64 hexadecimal digits")
            }
            return bytes
        }
        self.init(
            id: try container.decode(Int64.self, forKey: .id), occurredAt: try container.decode(Date.self, forKey: .time), event: event,
            previousHash: hashes[0], hash: hashes[1], count: try container.decode(Int.self, forKey: .count),
            lastOccurredAt: try container.decode(Date.self, forKey: .lastTime))
    }
}
