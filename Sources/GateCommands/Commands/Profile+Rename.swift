import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Profile {
    /// `gatectl profile rename NAME NEW-NAME`.
    struct Rename: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a profile.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The profile's current name.")
        var name: String

        @Argument(help: "Its new name, not used by another profile (ignoring case).")
        var newName: String

        func run() async throws {
            let profile = try await global.perform(RenameProfile(name: name, newName: newName, by: actor.by))
            if global.json { return try Output.json(profile) }
            Output.line("renamed \(name) to \(profile.name)")
        }
    }
}
