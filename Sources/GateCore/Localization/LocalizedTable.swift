/// A table of user-facing words in one language, one table per built-in language: the gate's
/// (``GateStrings``) and the approval page's (`ApprovalStrings`). Both are found the same way
/// and filled the same way.
///
/// - **Which table**: a profile's locale, its parents (`ru-RU`, `ru`), the household default
///   and its parents, then English; a browser's `Accept-Language` ranges by their `q`, each
///   with its parents, then English.
/// - **Filling**: `{key}` in a template is replaced by its value (``fill(_:_:)``).
public protocol LocalizedTable: Sendable {
    /// The language of this table: `en`, `ru`, …
    var language: String { get }
    /// The tables by language.
    static var tables: [String: Self] { get }
    /// The last resort.
    static var english: Self { get }
}

extension LocalizedTable {
    /// The table for `locale`, falling back along ``resolutionChain(_:householdDefault:)``.
    public static func table(for locale: LocaleTag, householdDefault: LocaleTag? = nil) -> Self {
        first(in: resolutionChain(locale, householdDefault: householdDefault))
    }

    /// The table for the best language an `Accept-Language` header asks for that has one.
    public static func table(forAcceptLanguage header: String?) -> Self {
        first(in: LocaleTag.accepted(byAcceptLanguage: header).flatMap(\.fallbackChain))
    }

    /// The first of `chain` with a table, else English.
    private static func first(in chain: [LocaleTag]) -> Self {
        for tag in chain {
            if let table = tables[tag.identifier] { return table }
        }
        return english
    }

    /// The locales tried, in order, for `locale`.
    public static func resolutionChain(_ locale: LocaleTag, householdDefault: LocaleTag?) -> [LocaleTag] {
        var chain = locale.fallbackChain
        if let householdDefault { chain += householdDefault.fallbackChain }
        chain.append(.english)
        var seen = Set<LocaleTag>()
        return chain.filter { seen.insert($0).inserted }
    }

    /// The languages with a table.
    public static var languages: [String] { tables.keys.sorted() }

    /// Fills `template`'s `{key}` placeholders with `values`.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        values.reduce(template) { text, pair in text.replacingOccurrences(of: "{\(pair.key)}", with: pair.value) }
    }
}
