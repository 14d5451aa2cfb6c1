import Foundation

/// A well-formed BCP 47 language tag whose language is a known ISO 639 code, in canonical case.
///
/// Accepted: `language[-Script][-REGION][-variant…]`, e.g. `en`, `ru-RU`, `zh-Hant-TW`,
/// `de-CH-1996`. Extensions and private-use subtags are refused: the gate has no use for them.
public struct LocaleTag: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The tag in canonical case: `ru-RU`, `zh-Hant-TW`.
    public let identifier: String

    /// Parses and validates `text` (case-insensitive; `_` is read as `-`).
    public init(_ text: String) throws(GateInputError) {
        try self.init(text, checkingLanguage: true)
    }

    /// A tag the store checked on its way in, read back: its form is checked again, but not its
    /// language against ISO 639, whose list is ICU's (loading it costs a one-shot `gatectl`
    /// more than the rest of reading a profile). An edited file's unknown language then reads
    /// as itself, and text falls back to English.
    package init(stored text: String) throws(GateInputError) {
        try self.init(text, checkingLanguage: false)
    }

    private init(_ text: String, checkingLanguage: Bool) throws(GateInputError) {
        if Self.isCanonicalSimpleTag(text), !checkingLanguage || Self.knownLanguages.contains(String(text.prefix(2))) {
            identifier = text  // "en", "ru-RU": as stored, no parsing
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let subtags = trimmed.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        guard trimmed.count <= 35, let first = subtags.first, Self.isLetters(first, 2...3),
              !trimmed.hasSuffix("-")
        else { throw .malformedLocale(text) }
        var parts = [first.lowercased()]
        var stage = 0  // 0: after language, 1: after script, 2: after region, 3: in variants
        for subtag in subtags.dropFirst() {
            if stage < 1, Self.isLetters(subtag, 4...4) {
                parts.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
                stage = 1
            } else if stage < 2, Self.isLetters(subtag, 2...2) || Self.isDigits(subtag, 3...3) {
                parts.append(subtag.uppercased())
                stage = 2
            } else if Self.isVariant(subtag) {
                parts.append(subtag.lowercased())
                stage = 3
            } else {
                throw .malformedLocale(text)
            }
        }
        guard !checkingLanguage || Self.knownLanguages.contains(parts[0]) else { throw .unknownLanguage(parts[0]) }
        identifier = parts.joined(separator: "-")
    }

    /// The language subtag: `ru` for `ru-RU`.
    public var language: String {
        String(identifier.prefix { $0 != "-" })
    }

    /// This tag and its shorter parents, most specific first: `zh-Hant-TW`, `zh-Hant`, `zh`.
    public var fallbackChain: [LocaleTag] {
        let subtags = identifier.split(separator: "-")
        return (1...subtags.count).reversed().map { LocaleTag(unchecked: subtags.prefix($0).joined(separator: "-")) }
    }

    public var description: String { identifier }

    /// English, the last resort of every fallback.
    public static let english = LocaleTag(unchecked: "en")

    private init(unchecked identifier: String) {
        self.identifier = identifier
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }

    private static func isLetters(_ text: Substring, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLetter }
    }

    private static func isDigits(_ text: Substring, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isVariant(_ text: Substring) -> Bool {
        let alphanumeric = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return alphanumeric && ((5...8).contains(text.count) || (text.count == 4 && text.first?.isNumber == true))
    }

    /// Whether `text` is already a canonical `ll` or `ll-RR` tag.
    private static func isCanonicalSimpleTag(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 2 || (bytes.count == 5 && bytes[2] == UInt8(ascii: "-")) else { return false }
        let lower = UInt8(ascii: "a")...UInt8(ascii: "z"), upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
        guard lower.contains(bytes[0]), lower.contains(bytes[1]) else { return false }
        return bytes.count == 2 || (upper.contains(bytes[3]) && upper.contains(bytes[4]))
    }

    /// ISO 639 language codes Foundation knows, two and three letters.
    private static let knownLanguages: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
}
