import Foundation

/// A validated free-text label: a display name, an actor (who did it), a client label.
public struct Label: Hashable, Sendable, CustomStringConvertible {
    /// The text, trimmed and in canonical composition.
    public let value: String

    /// Validates `text` as a label of at most `limit` characters; `what` names it in messages.
    public init(_ text: String, what: String, limit: Int = 128) throws(GateInputError) {
        value = try TextValidation.validate(text, what: what, limit: limit)
    }

    /// `text` made fit instead of refused (for what a client sends, as a label of its own):
    /// control, hidden and bidi characters and other white space become spaces, runs of them
    /// one, the ends trimmed, cut to `limit` characters; `nil` when nothing is left.
    public init?(cleaning text: String, limit: Int = 128) {
        guard let cleaned = TextValidation.cleaned(text, limit: limit) else { return nil }
        value = cleaned
    }

    public var description: String { value }
}
