import Foundation
import Synchronization

/// Numbers spelled out in a language's words: "seven", "семь", "sieben".
///
/// Uses Foundation's spell-out formatter and removes the invisible soft hyphens it puts
/// inside German compounds ("ein\u{AD}und\u{AD}zwanzig").
public enum NumberWords {
    private static let cache = FormatterCache()

    /// `number` in words in `language` (an ISO 639 code).
    public static func spell(_ number: Int, language: String) -> String {
        cache.spell(number, language: language)
    }

    /// Spell-out formatters by language, created once.
    private final class FormatterCache: Sendable {
        private let formatters = Mutex<[String: NumberFormatter]>([:])

        func spell(_ number: Int, language: String) -> String {
            formatters.withLock { formatters in
                let formatter = formatters[language] ?? {
                    let formatter = NumberFormatter()
                    formatter.locale = Locale(identifier: language)
                    formatter.numberStyle = .spellOut
                    formatters[language] = formatter
                    return formatter
                }()
                let words = formatter.string(from: NSNumber(value: number)) ?? String(number)
                return words.replacingOccurrences(of: "\u{AD}", with: "")
            }
        }
    }
}
