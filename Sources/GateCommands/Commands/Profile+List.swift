import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Profile {
    /// `gatectl profile list`.
    struct List: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List every profile.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let profiles = try await global.perform(ListProfiles())
            if global.json { return try Output.json(profiles) }
            var table = Table(headers: ["NAME", "DISPLAY NAME", "LOCALE", "ENABLED"])
            table.rows = profiles.map { [$0.name, $0.displayName, $0.locale.identifier, $0.isEnabled ? "yes" : "no"] }
            table.print()
        }
    }
}
