import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Policy {
    /// `gatectl policy reset [--profile NAME] [FIELD…]`.
    struct Reset: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Make policy fields inherited again: the profile's from the household, the household's from the defaults.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Option(help: "The profile whose fields to reset (default: the household policy).")
        var profile: String?

        @Argument(help: "The fields to reset, like lockout or maxWrongAnswers (default: all).")
        var fields: [String] = []

        func validate() throws {
            for field in fields where PolicyField(rawValue: field) == nil {
                throw ValidationError(
                    "unknown policy field '\(field.escapedForMessage)' (fields: \(PolicyField.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }

        func run() async throws {
            let chosen = fields.isEmpty ? PolicyField.allCases : fields.compactMap(PolicyField.init(rawValue:))
            let changes = try await global.perform(ResetPolicy(fields: chosen, profile: profile, by: actor.by))
            if global.json { return try Output.json(changes.map(PolicyChangeJSON.init)) }
            for change in changes {
                Output.line("\(change.field.rawValue): \(change.oldValue ?? "inherited") → inherited")
            }
            if changes.isEmpty { Output.line("nothing changed") }
        }
    }
}
