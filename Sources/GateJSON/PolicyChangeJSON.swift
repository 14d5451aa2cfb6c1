import Foundation
import GateCore
import ParentalGate

/// A recorded policy change in `gatectl --json` output and the HTTP API.
public struct PolicyChangeJSON: Encodable, Sendable {
    public var version: Int
    public var field: String
    /// The old and new values; `null` means inherited.
    public var old: String?
    public var new: String?
    public var by: String
    public var at: Date

    private enum CodingKeys: String, CodingKey {
        case version, field, old, new, by, at
    }

    /// Writes `old` and `new` always, as `null` when inherited.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(field, forKey: .field)
        try container.encode(old, forKey: .old)
        try container.encode(new, forKey: .new)
        try container.encode(by, forKey: .by)
        try container.encode(at, forKey: .at)
    }

    public init(_ change: PolicyChange) {
        version = change.version
        field = change.field.rawValue
        old = change.oldValue
        new = change.newValue
        by = change.changedBy
        at = change.changedAt
    }
}
