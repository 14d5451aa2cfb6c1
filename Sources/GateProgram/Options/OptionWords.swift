import ArgumentParser
import GateCore
import ParentalGate

/// Options read from the words no property of a command claims: `--name value`, `--name=value`
/// or a flag, with "did you mean" for a misspelt name.
///
/// For options that derive from a declaration (a policy field, a daemon setting) instead of a
/// property each: the declaration lists the spellings, this parses them and lays out their help.
package struct OptionWords<Key: Hashable & Sendable>: Sendable {
    /// One way to write an option.
    package struct Spelling: Sendable {
        package let name: String
        package let key: Key
        package let value: Value

        package init(_ name: String, key: Key, value: Value) {
            self.name = name
            self.key = key
            self.value = value
        }
    }

    /// What follows an option's name.
    package enum Value: Sendable {
        /// A value; `expected` says what it may be when it is missing.
        case argument(expected: String?)
        /// Nothing: the option stands for this value (a flag).
        case constant(String)
    }

    /// One option given: its key, the name it was given by and its values (more than one
    /// only where the key is repeatable).
    package struct Given: Sendable {
        package let key: Key
        package let name: String
        package var values: [String]
    }

    private let spellings: [String: Spelling]
    private let order: [Key]
    private let repeatable: Set<Key>
    /// The command's other options, for suggestions.
    private let otherNames: [String]

    package init(_ spellings: [Spelling], repeatable: Set<Key> = [], otherNames: [String] = []) {
        self.spellings = Dictionary(spellings.map { ($0.name, $0) }) { first, _ in first }
        var seen: Set<Key> = []
        self.order = spellings.map(\.key).filter { seen.insert($0).inserted }
        self.repeatable = repeatable
        self.otherNames = otherNames
    }

    /// The options in `words`, in the order the spellings were declared.
    package func parse(_ words: [String]) throws(ValidationError) -> [Given] {
        var given: [Key: Given] = [:]
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            let name = String(word.prefix { $0 != "=" })
            guard let spelling = spellings[name] else { throw unexpected(word) }
            let text: String
            switch spelling.value {
            case .constant(let value):
                guard name == word else { throw ValidationError("'\(name)' takes no value") }
                text = value
            case .argument(let expected):
                if name != word {
                    text = String(word.dropFirst(name.count + 1))
                } else {
                    // The next word is the value, unless it is another option (no value is one).
                    guard index < words.endIndex, spellings[String(words[index].prefix { $0 != "=" })] == nil else {
                        throw ValidationError("missing value for '\(name)'" + (expected.map { " (\($0))" } ?? ""))
                    }
                    text = words[index]
                    index += 1
                }
            }
            if let earlier = given[spelling.key] {
                guard repeatable.contains(spelling.key) else {
                    throw ValidationError(earlier.name == name ? "'\(name)' is given twice" : "'\(earlier.name)' and '\(name)' cannot both be given")
                }
                given[spelling.key]?.values.append(text)
            } else {
                given[spelling.key] = Given(key: spelling.key, name: name, values: [text])
            }
        }
        return order.compactMap { given[$0] }
    }

    /// The error for a word that is none of the options.
    private func unexpected(_ word: String) -> ValidationError {
        guard word.hasPrefix("-") else { return ValidationError("unexpected argument '\(word)'") }
        let name = String(word.prefix { $0 != "=" })
        if let near = Suggestion.nearest(to: name, among: Array(spellings.keys) + otherNames) {
            return ValidationError("unknown option '\(name)'; did you mean '\(near)'?")
        }
        return ValidationError("unknown option '\(name)'")
    }

    /// Options with their help under `title`, laid out as swift-argument-parser lays out its
    /// own (wrapped here to fit 80 columns: it keeps a line shorter than that as it is).
    package static func helpText(title: String, _ entries: [(names: String, help: String)]) -> String {
        var lines = [title]
        for entry in entries {
            let name = "  \(entry.names)"
            var line = name.count < 25 ? name.padding(toLength: 26, withPad: " ", startingAt: 0) : nil
            if line == nil { lines.append(name) }
            for word in entry.help.split(separator: " ") {
                if let current = line, current.count + 1 + word.count > 79, current.count > 26 {
                    lines.append(current)
                    line = nil
                }
                let current = line ?? String(repeating: " ", count: 26)
                line = current.count > 26 ? current + " " + word : current + word
            }
            if let line { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }
}
