import GateProgram
import ArgumentParser
import ParentalGate

/// One option per policy field, for `policy set`: `--time-limit 30s` sets `timeLimit`.
///
/// The options derive from `PolicyField`: a new field is an option here, with its help, without
/// a line in this file. They are read from the arguments no other option of the command claims.
struct PolicyValueOptions: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var words: [String] = []

    /// The options with their help.
    static var helpText: String {
        OptionWords<PolicyField>.helpText(
            title: "POLICY FIELDS (at least one):", PolicyField.allCases.map { ("\($0.optionName) <\($0.valueName)>", $0.help) })
    }

    /// The fields given, with their text, in the policy table's order.
    var values: [(PolicyField, String)] {
        get throws(ValidationError) {
            try Self.options.parse(words).map { ($0.key, $0.values[0]) }
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

    private static let options = OptionWords(
        PolicyField.allCases.map { .init($0.optionName, key: $0, value: .argument(expected: $0.allowedValues)) })
}
