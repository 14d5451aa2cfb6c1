import Foundation

/// A validated name: without spaces at its ends, non-empty, at most 64 characters, no control or bidi characters.
///
/// Two names are the same name when their ``key``s are equal: Unicode case folding and
/// canonical composition, so `Emma`, `EMMA` and `emma` (and `Ёлка`, `ёлка`) collide.
public struct ProfileName: Hashable, Sendable, CustomStringConvertible {
    /// The longest name accepted, in characters.
    public static let maximumLength = 64

    /// The name as given, without spaces at its ends, in canonical composition.
    public let value: String

    /// Validates `text` as the name of a thing that `what` describes in messages.
    public init(_ text: String, what: String = "profile name") throws(GateInputError) {
        value = try TextValidation.validate(text, what: what, limit: Self.maximumLength)
    }

    /// The case-folded, normalized form that decides uniqueness.
    public var key: String { Self.key(for: value) }

    public var description: String { value }

    /// The key to look up a stored name typed as `text` (without spaces at its ends, as names
    /// are stored), or ``GateInputError/forbiddenCharacter(what:scalar:)`` when `text` holds,
    /// anywhere, ends included, a character no stored name can: a control character (NUL
    /// above all, which SQLite would read as the end of the text, so `emma\0x` would find
    /// `emma`; a tab or line break too), an invisible formatting one, or other white space
    /// at an end.
    public static func lookupKey(for text: String, what: String = "profile name") throws(GateInputError) -> String {
        if TextValidation.isPlainASCII(text) { return key(for: text) }
        return key(for: try TextValidation.trimmed(text, what: what))
    }

    /// The uniqueness key of `text`.
    public static func key(for text: String) -> String {
        // Case folding of ASCII is lowercasing, and ASCII is already composed.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }
}
