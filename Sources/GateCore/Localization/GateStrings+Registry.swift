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
    /// an operation's `{a}`, `{b}`, `{c}`, the tries' `{n}`, a duration's `{time}`), any text
    /// is empty or longer than ``maximumTextLength`` (a prompt must stay within the store's
    /// 1,000 characters), or the system has no words for numbers in the language: a child
    /// would be asked "What is plus three?", or in English numbers. Numbers are spelled by
    /// Foundation's spell-out rules (ICU's), which know most languages.
    public static func register(_ strings: GateStrings) throws(GateInputError) {
        let language = try LocaleTag(strings.language)
        if let reason = strings.problem { throw .malformedStrings(language: strings.language, reason: reason) }
        // Numbers are asked in the language's words (SPEC.md, "Challenges"); for a language
        // it has no rules for, ICU spells them in English ("ninety-seven" for Zulu).
        if language.language != LocaleTag.english.identifier,
           NumberWords.spell(97, language: language.identifier) == NumberWords.spell(97, language: LocaleTag.english.identifier) {
            throw .malformedStrings(language: strings.language, reason: "this system has no words for numbers in it (they would be English)")
        }
        var table = strings
        table.language = language.identifier
        registry.withLock { $0[language.identifier] = table }
    }

    /// The longest text of a table: a question and an operation of this length, with three
    /// numbers spelled out, stay well within the 1,000 characters the store keeps of a prompt.
    public static let maximumTextLength = 200

    /// The placeholders a template must contain, by field; every other field only must not be empty.
    private static let placeholders: [String: [String]] = [
        "question": ["expression"], "plus": ["a", "b"], "minus": ["a", "b"], "times": ["a", "b"], "dividedBy": ["a", "b"],
        "timesThenPlus": ["a", "b", "c"], "timesThenMinus": ["a", "b", "c"], "plusThenMinus": ["a", "b", "c"],
        "wrongTriesLeft": ["n"], "lockedOut": ["time"], "timeLeft": ["time"], "askTooSoon": ["time"], "quietHours": ["time"], "holdPrompt": ["time"],
    ]

    /// The first thing wrong with this table's texts, or `nil`: every field, by reflection, so
    /// that a field added later is checked too.
    private var problem: String? {
        for case (let name?, let text as String) in Mirror(reflecting: self).children where name != "language" {
            if text.allSatisfy(\.isWhitespace) { return "\(name) is empty" }
            if text.count > Self.maximumTextLength { return "\(name) is longer than \(Self.maximumTextLength) characters" }
            let missing = (Self.placeholders[name] ?? []).filter { !text.contains("{\($0)}") }
            if !missing.isEmpty { return "\(name) must contain \(missing.map { "{\($0)}" }.joined(separator: " and "))" }
        }
        return nil
    }
}
