import Foundation

/// The rules every name and label a person types must follow.
package enum TextValidation {
    /// `text` trimmed and normalized, or the reason it is refused.
    ///
    /// Refused: empty text, more than `limit` characters, and what ``trimmed(_:what:)``
    /// refuses. Characters may stack at most 16 scalars deep on average (an emoji family
    /// is 7), which keeps combining-mark floods out.
    static func validate(_ text: String, what: String, limit: Int) throws(GateInputError) -> String {
        // The usual name: printable ASCII with no space at either end is already trimmed,
        // normalized and free of forbidden characters.
        if isPlainASCII(text), text.utf8.count <= limit { return text }
        let trimmed = try trimmed(text, what: what)
        guard !trimmed.isEmpty else { throw .emptyName(what: what) }
        guard trimmed.count <= limit, trimmed.unicodeScalars.count <= 16 * limit else {
            throw .nameTooLong(what: what, limit: limit)
        }
        return trimmed.precomposedStringWithCanonicalMapping
    }

    /// `text` made fit for a label instead of refused: every character ``isForbidden(_:)``
    /// refuses and every white space becomes one space, runs of spaces one, the ends trimmed,
    /// canonical composition, at most `limit` characters of at most 16 scalars on average;
    /// `nil` when nothing is left.
    static func cleaned(_ text: String, limit: Int) -> String? {
        guard limit > 0 else { return nil }
        let limit = min(limit, 1 << 20)
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let space = isForbidden(scalar) || scalar.properties.isWhitespace
            if space, scalars.last == " " || scalars.isEmpty { continue }
            scalars.append(space ? " " : scalar)
        }
        if scalars.last == " " { scalars.removeLast() }
        var result = String(scalars).precomposedStringWithCanonicalMapping
        if result.count > limit { result = String(result.prefix(limit)) }
        if result.unicodeScalars.count > 16 * limit {
            result = String(String.UnicodeScalarView(result.unicodeScalars.prefix(16 * limit)))
        }
        while result.last == " " { result.removeLast() }
        return result.isEmpty ? nil : result
    }

    /// `text` without the ordinary spaces (U+0020) at its ends, or the reason it is refused.
    ///
    /// Refused, anywhere in the text and so before any trimming: control characters (tabs
    /// and line breaks too), line and paragraph separators, and format characters that
    /// reorder or hide text (bidi overrides, zero-width spaces, U+FEFF), except the joiners
    /// and tags emoji sequences need. Refused at either end once the spaces are gone: any
    /// other white space (U+00A0, U+3000), which would make a second name that looks the same.
    /// Creating a name and looking one up share this, so `emma\n` or `U+200B emma` never
    /// finds `emma` on one path while another refuses it.
    package static func trimmed(_ text: String, what: String) throws(GateInputError) -> String {
        if let bad = text.unicodeScalars.first(where: isForbidden) {
            throw .forbiddenCharacter(what: what, scalar: scalarName(bad))
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }), let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        for edge in [scalars[first], scalars[last]] where edge.properties.isWhitespace {
            throw .forbiddenCharacter(what: what, scalar: scalarName(edge))
        }
        return String(scalars[first...last])
    }

    /// Whether `text` is non-empty printable ASCII (U+0020–U+007E) without a space at either end.
    package static func isPlainASCII(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20 else { return false }
        return utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// `U+0`, `U+202E`: how a refused character is named in messages.
    static func scalarName(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true)
    }

    /// Whether no name or label may hold `scalar`.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
            return true
        case .format:
            // Joiners and the tag characters of subdivision flags (🏴󠁧󠁢󠁳󠁣󠁴󠁿) belong to emoji.
            return scalar.value != 0x200D && scalar.value != 0x200C && !(0xE0020...0xE007F).contains(scalar.value)
        default:
            return false
        }
    }
}
