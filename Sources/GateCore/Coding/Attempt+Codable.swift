import Foundation

/// A recorded answer as JSON, as `gatectl profile show --json` writes it: `id`, `challenge`,
/// `profileId`, `value`, `outcome`, `responseMs`, `answeredAt`, `client`, `count`.
extension Attempt: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, challenge, profileId, value, outcome, responseMs, answeredAt, client, count
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(challengeID, forKey: .challenge)
        try container.encode(profileID, forKey: .profileId)
        try container.encode(givenValue, forKey: .value)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(responseTime.wholeMilliseconds, forKey: .responseMs)
        try container.encode(answeredAt, forKey: .answeredAt)
        try container.encodeIfPresent(client, forKey: .client)
        try container.encode(count, forKey: .count)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), challengeID: try container.decode(ChallengeID.self, forKey: .challenge),
            profileID: try container.decode(Int64.self, forKey: .profileId), givenValue: try container.decode(Int.self, forKey: .value),
            outcome: try container.decode(AnswerOutcome.self, forKey: .outcome),
            responseTime: .milliseconds(try container.decode(Int64.self, forKey: .responseMs)),
            answeredAt: try container.decode(Date.self, forKey: .answeredAt), client: try container.decodeIfPresent(String.self, forKey: .client),
            count: try container.decode(Int.self, forKey: .count))
    }
}
