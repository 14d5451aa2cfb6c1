import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.HouseholdCommand {
    /// `gatectl household rename NAME NEW-NAME`.
    struct Rename: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a household; its profiles, tokens and audit chain stay (home keeps its name).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The household's name now.")
        var name: String

        @Argument(help: "Its new name: 1 to 63 lowercase letters, digits and dashes.")
        var newName: String

        func run() async throws {
            _ = try await global.perform(RenameHousehold(name: name, newName: newName))
            if global.json { return try Output.json(["renamed": name, "to": newName]) }
            Output.line("renamed household \(name) to \(newName)")
        }
    }
}
