import ArgumentParser
import ParentalGate

/// One option per policy field, for `policy set`: `--time-limit 30s` sets `timeLimit`.
///
/// The options derive from `PolicyField`: a new field is an option here, with its help, without
/// a line in this file. They are read from the arguments no other option of the command claims.
struct PolicyValueOptions: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var words: [String] = []

    /// The options with their help, laid out as swift-argument-parser lays out its own
    /// (wrapped here to fit 80 columns: it keeps a line shorter than that as it is).
    static var helpText: String {
        var lines = ["POLICY FIELDS (at least one):"]
        for field in PolicyField.allCases {
            let name = "  \(field.optionName) <\(field.valueName)>"
            var line = name.count < 25 ? name.padding(toLength: 26, withPad: " ", startingAt: 0) : nil
            if line == nil { lines.append(name) }
            for word in field.help.split(separator: " ") {
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

    /// The fields given, with their text, in the policy table's order.
    var values: [(PolicyField, String)] {
        get throws(ValidationError) {
            var given: [PolicyField: String] = [:]
            var index = words.startIndex
            while index < words.endIndex {
                let word = words[index]
                index += 1
                let name: Substring
                let text: String
                if let equals = word.firstIndex(of: "=") {
                    name = word[..<equals]
                    text = String(word[word.index(after: equals)...])
                } else {
                    name = word[...]
                    guard let field = Self.fieldsByOption[String(name)] else { throw Self.unexpected(word) }
                    // The next word is the value, unless it is another field's option (no value is one).
                    guard index < words.endIndex, Self.fieldsByOption[words[index]] == nil else {
                        throw ValidationError("missing value for '\(name)' (\(field.allowedValues))")
                    }
                    text = words[index]
                    index += 1
                }
                guard let field = Self.fieldsByOption[String(name)] else { throw Self.unexpected(word) }
                guard given[field] == nil else { throw ValidationError("'\(name)' is given twice") }
                given[field] = text
            }
            return PolicyField.allCases.compactMap { field in given[field].map { (field, $0) } }
        }
    }

    func validate() throws {
        let values = try values
        guard !values.isEmpty else { throw ValidationError("name at least one field to set, e.g. --lockout 10m") }
        for (field, text) in values {
            do {
                _ = try field.parse(text)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    private static let fieldsByOption = Dictionary(uniqueKeysWithValues: PolicyField.allCases.map { ($0.optionName, $0) })

    /// The error for a word that is neither a policy field's option nor another option of the command.
    private static func unexpected(_ word: String) -> ValidationError {
        guard word.hasPrefix("-") else { return ValidationError("unexpected argument '\(word)'") }
        let name = String(word.prefix { $0 != "=" })
        if let near = Suggestion.nearest(to: name, among: PolicyField.allCases.map(\.optionName)) {
            return ValidationError("unknown option '\(name)'; did you mean '\(near)'?")
        }
        return ValidationError("unknown option '\(name)'")
    }
}
