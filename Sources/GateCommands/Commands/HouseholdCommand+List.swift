import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.HouseholdCommand {
    /// `gatectl household list`.
    struct List: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the households, by name.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let households = try await global.perform(ListHouseholds())
            if global.json { return try Output.json(households) }
            var table = Table(headers: ["NAME", "ADDED"])
            table.rows = households.map { [$0.name, $0 == .home ? "-" : Formatting.time($0.createdAt)] }
            table.print()
        }
    }
}
