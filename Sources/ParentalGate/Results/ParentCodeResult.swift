import Foundation
import GateCore

/// What a parent's code did at a profile's gate.
public enum ParentCodeResult: Hashable, Sendable {
    /// Parent mode is on: the session's token, as after a pass.
    case opened(ParentPass)
    /// Not a code that opens (wrong, or already used): one failed challenge was counted.
    case wrong
    /// Locked out until the given time, by this wrong code or already (then the code was not tried).
    case lockedOut(until: Date)
    /// Hard-locked, by this wrong code or already; only an adult's unlock opens the gate.
    case hardLocked
    /// The profile is disabled.
    case disabled
}

/// As the HTTP API writes it: `result` (`opened`, `wrong`, `lockedOut`, `hardLocked`,
/// `disabled`), with `token` and `until` for `opened` and `until` for `lockedOut`.
extension ParentCodeResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case result, token, until
    }

    /// The `result` word of each case.
    public var name: String {
        switch self {
        case .opened: "opened"
        case .wrong: "wrong"
        case .lockedOut: "lockedOut"
        case .hardLocked: "hardLocked"
        case .disabled: "disabled"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, hidingToken: encoder.userInfo[.hidingTokens] as? Bool == true)
    }

    /// The JSON, `opened` without its token when `hidingToken`.
    package func encode(to encoder: any Encoder, hidingToken: Bool) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .result)
        switch self {
        case .opened(let pass):
            if !hidingToken { try container.encode(pass.token, forKey: .token) }
            try container.encode(pass.until, forKey: .until)
        case .lockedOut(let until): try container.encode(until, forKey: .until)
        case .wrong, .hardLocked, .disabled: break
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "opened":
            self = .opened(ParentPass(
                token: try container.decode(String.self, forKey: .token), until: try container.decode(Date.self, forKey: .until)))
        case "wrong": self = .wrong
        case "lockedOut": self = .lockedOut(until: try container.decode(Date.self, forKey: .until))
        case "hardLocked": self = .hardLocked
        case "disabled": self = .disabled
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .result, in: container, debugDescription: "no parent's code result '\(other)'")
        }
    }
}
