import Foundation

/// A validated free-text label: a display name, an actor (who did it), a client label.
public struct Label: Hashable, Sendable, CustomStringConvertible {
    /// The text, trimmed and in canonical composition.
    public let value: String

    /// Validates `text` as a label of at most `limit` characters; `what` names it in messages.
    public init(_ text: String, what: String, limit: Int = 128) throws(GateInputError) {
        value = try TextValidation.validate(text, what: what, limit: limit)
    }

    public var description: String { value }
}
