import Foundation

/// A notification as flat JSON: `event` (the case's name), then its values: `profile`,
/// `challenge` (unless ``CodingUserInfoKey/hidingChallengeIDs``), `until`, `triesLeft`,
/// `reason`, `by`, `count`.
extension GateNotification: Codable {
    private enum CodingKeys: String, CodingKey {
        case event, profile, challenge, until, triesLeft, reason, by, count
    }

    /// The name of the case, as `event` gives it.
    public var name: String {
        switch self {
        case .challengeIssued: "challengeIssued"
        case .passed: "passed"
        case .approved: "approved"
        case .wrongAnswer: "wrongAnswer"
        case .failed: "failed"
        case .lockedOut: "lockedOut"
        case .hardLocked: "hardLocked"
        case .unlocked: "unlocked"
        case .sessionEnded: "sessionEnded"
        case .missed: "missed"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .event)
        switch self {
        case .challengeIssued(let profile, let challenge):
            try container.encode(profile, forKey: .profile)
            if encoder.userInfo[.hidingChallengeIDs] as? Bool != true { try container.encode(challenge, forKey: .challenge) }
        case .passed(let profile, let until), .approved(let profile, let until), .lockedOut(let profile, let until):
            try container.encode(profile, forKey: .profile)
            try container.encode(until, forKey: .until)
        case .wrongAnswer(let profile, let triesLeft):
            try container.encode(profile, forKey: .profile)
            try container.encode(triesLeft, forKey: .triesLeft)
        case .failed(let profile, let reason):
            try container.encode(profile, forKey: .profile)
            try container.encode(reason, forKey: .reason)
        case .hardLocked(let profile), .sessionEnded(let profile):
            try container.encode(profile, forKey: .profile)
        case .unlocked(let profile, let by):
            try container.encode(profile, forKey: .profile)
            try container.encode(by, forKey: .by)
        case .missed(let count):
            try container.encode(count, forKey: .count)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let event = try container.decode(String.self, forKey: .event)
        if event == "missed" {
            self = .missed(count: try container.decode(Int.self, forKey: .count))
            return
        }
        let profile = try container.decode(String.self, forKey: .profile)
        switch event {
        case "challengeIssued": self = .challengeIssued(profile: profile, challenge: try container.decode(ChallengeID.self, forKey: .challenge))
        case "passed": self = .passed(profile: profile, until: try container.decode(Date.self, forKey: .until))
        case "approved": self = .approved(profile: profile, until: try container.decode(Date.self, forKey: .until))
        case "wrongAnswer": self = .wrongAnswer(profile: profile, triesLeft: try container.decode(Int.self, forKey: .triesLeft))
        case "failed": self = .failed(profile: profile, reason: try container.decode(FailureReason.self, forKey: .reason))
        case "lockedOut": self = .lockedOut(profile: profile, until: try container.decode(Date.self, forKey: .until))
        case "hardLocked": self = .hardLocked(profile: profile)
        case "unlocked": self = .unlocked(profile: profile, by: try container.decode(String.self, forKey: .by))
        case "sessionEnded": self = .sessionEnded(profile: profile)
        default: throw DecodingError.dataCorruptedError(forKey: .event, in: container, debugDescription: "no gate notification '\(event)'")
        }
    }
}
