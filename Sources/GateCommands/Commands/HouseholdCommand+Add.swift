import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.HouseholdCommand {
    /// `gatectl household add NAME`.
    struct Add: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a household with its own policy defaults and audit chain, and no profiles yet.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The household's name: 1 to 63 lowercase letters, digits and dashes (it is a URL's path segment).")
        var name: String

        func run() async throws {
            let added = try await global.perform(AddHousehold(name: name))
            if global.json { return try Output.json(added) }
            Output.line("added household \(added.name)")
        }
    }
}
