import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Policy {
    /// `gatectl policy set [--profile NAME] --FIELD value …`.
    struct Set: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set policy fields, household-wide or for one profile.",
            usage: "gatectl policy set [<options>] --FIELD <value> [--FIELD <value> …]",
            discussion: """
                Durations are written like 90s, 5m, 1h30m or 2d. All fields change together or none does.

                \(PolicyValueOptions.helpText)
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions
        @OptionGroup var fields: PolicyValueOptions

        @Option(help: "The profile to set fields for (default: the household policy every profile shares).")
        var profile: String?

        func run() async throws {
            let values = try fields.values
            let changes = try await global.perform(
                SetPolicy(fields: values.map(\.0), texts: values.map(\.1), profile: profile, by: actor.by))
            if global.json { return try Output.json(changes.map(PolicyChangeJSON.init)) }
            for change in changes {
                Output.line("\(change.field.rawValue): \(change.oldValue ?? "inherited") → \(change.newValue ?? "inherited")")
            }
            if changes.isEmpty { Output.line("nothing changed") }
        }
    }
}
