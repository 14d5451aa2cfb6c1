import Synchronization

extension GateStrings {
    /// The tables by language: those that come with the gate and those ``register(_:)`` added.
    public static var tables: [String: GateStrings] {
        registry.withLock { $0 }
    }

    /// The languages whose table comes with the gate, whatever ``register(_:)`` added.
    public static var builtInLanguages: [String] {
        builtIn.keys.sorted()
    }

    /// Every table of the process: one for all gates, as a language's words are.
    private static let registry = Mutex<[String: GateStrings]>(builtIn)

    /// A table for `language` holding `base`'s words, to be changed field by field and then
    /// ``register(_:)``ed.
    public init(language: LocaleTag, from base: GateStrings = .english) {
        self = base
        self.language = language.identifier
    }

    /// Adds `strings` as the table of its language (or replaces that language's table), for
    /// every gate of this process from its next challenge on.
    ///
    /// Refused when a template lacks a placeholder it must fill (the question's `{expression}`,
    /// an operation's `{a}`, `{b}`, `{c}`, the tries' `{n}`, a duration's `{time}`) or any
    /// text is empty: a child would be asked "What is plus three?". Numbers are spelled in the
    /// language by Foundation's spell-out rules (ICU's), which know most languages; where
    /// they do not, numbers are written as digits.
    public static func register(_ strings: GateStrings) throws(GateInputError) {
        let language = try LocaleTag(strings.language)
        if let reason = strings.problem { throw .malformedStrings(language: strings.language, reason: reason) }
        var table = strings
        table.language = language.identifier
        registry.withLock { $0[language.identifier] = table }
    }

    /// The placeholders a template must contain, by field; every other field only must not be empty.
    private static let placeholders: [String: [String]] = [
        "question": ["expression"], "plus": ["a", "b"], "minus": ["a", "b"], "times": ["a", "b"], "dividedBy": ["a", "b"],
        "timesThenPlus": ["a", "b", "c"], "timesThenMinus": ["a", "b", "c"], "plusThenMinus": ["a", "b", "c"],
        "wrongTriesLeft": ["n"], "lockedOut": ["time"], "timeLeft": ["time"], "askTooSoon": ["time"],
    ]

    /// The first thing wrong with this table's texts, or `nil`: every field, by reflection, so
    /// that a field added later is checked too.
    private var problem: String? {
        for case (let name?, let text as String) in Mirror(reflecting: self).children where name != "language" {
            if text.allSatisfy(\.isWhitespace) { return "\(name) is empty" }
            let missing = (Self.placeholders[name] ?? []).filter { !text.contains("{\($0)}") }
            if !missing.isEmpty { return "\(name) must contain \(missing.map { "{\($0)}" }.joined(separator: " and "))" }
        }
        return nil
    }
}
