import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Policy {
    /// `gatectl policy history [--profile NAME]`.
    struct History: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "history", abstract: "List policy changes, newest first: who, when, old → new.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "The profile whose changes to list (default: the household policy).")
        var profile: String?

        @Option(help: "How many changes to list.")
        var limit: Int = 50

        func validate() throws {
            guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
        }

        func run() async throws {
            let changes = try await global.perform(ListPolicyChanges(profile: profile, limit: limit))
            if global.json { return try Output.json(changes.map(PolicyChangeJSON.init)) }
            var table = Table(headers: ["VERSION", "WHEN", "BY", "FIELD", "OLD", "NEW"])
            table.rows = changes.map {
                [String($0.version), Formatting.time($0.changedAt), $0.changedBy, $0.field.rawValue,
                 $0.oldValue ?? "inherited", $0.newValue ?? "inherited"]
            }
            table.print()
        }
    }
}
