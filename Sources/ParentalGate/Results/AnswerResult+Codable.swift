import Foundation
import GateCore

extension CodingUserInfoKey {
    /// `true` in an encoder's `userInfo` leaves a pass's token out (the gate page sets it as a
    /// cookie instead, out of reach of the page's script).
    public static let hidingTokens = CodingUserInfoKey(rawValue: "ParentalGate.hidingTokens")!
}

/// An answer's result as JSON, as the HTTP API writes it: `result` (`passed`, `wrong`,
/// `failed`, `lockedOut`, `hardLocked`, `alreadyEnded`, `disabled`), with `token` and `until`
/// for a pass, `triesLeft` and `tooFast` for a wrong answer, `reason` for a failure, `until`
/// for a lockout and `status` for an ended challenge.
extension AnswerResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case result, token, until, triesLeft, tooFast, reason, status
    }

    /// The `result` word of each case.
    public var name: String {
        switch self {
        case .passed: "passed"
        case .wrong: "wrong"
        case .failed: "failed"
        case .lockedOut: "lockedOut"
        case .hardLocked: "hardLocked"
        case .alreadyEnded: "alreadyEnded"
        case .disabled: "disabled"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, hidingToken: encoder.userInfo[.hidingTokens] as? Bool == true)
    }

    /// The JSON, a pass without its token when `hidingToken`.
    package func encode(to encoder: any Encoder, hidingToken: Bool) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .result)
        switch self {
        case .passed(let pass):
            if !hidingToken { try container.encode(pass.token, forKey: .token) }
            try container.encode(pass.until, forKey: .until)
        case .wrong(let triesLeft, let tooFast):
            try container.encode(triesLeft, forKey: .triesLeft)
            try container.encode(tooFast, forKey: .tooFast)
        case .failed(let reason): try container.encode(reason, forKey: .reason)
        case .lockedOut(let until): try container.encode(until, forKey: .until)
        case .alreadyEnded(let status): try container.encode(status, forKey: .status)
        case .hardLocked, .disabled: break
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "passed":
            self = .passed(ParentPass(token: try container.decode(String.self, forKey: .token), until: try container.decode(Date.self, forKey: .until)))
        case "wrong":
            self = .wrong(triesLeft: try container.decode(Int.self, forKey: .triesLeft), tooFast: try container.decode(Bool.self, forKey: .tooFast))
        case "failed": self = .failed(try container.decode(FailureReason.self, forKey: .reason))
        case "lockedOut": self = .lockedOut(until: try container.decode(Date.self, forKey: .until))
        case "hardLocked": self = .hardLocked
        case "alreadyEnded": self = .alreadyEnded(try container.decode(ChallengeStatus.self, forKey: .status))
        case "disabled": self = .disabled
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .result, in: container, debugDescription: "no answer result '\(other)'")
        }
    }
}
