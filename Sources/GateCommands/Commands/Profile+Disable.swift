import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Profile {
    /// `gatectl profile disable NAME`.
    struct Disable: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "disable", abstract: "Disable a profile: its gate refuses everything.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The profile's name.")
        var name: String

        func run() async throws {
            let profile = try await global.perform(SetProfileEnabled(name: name, enabled: false, by: actor.by))
            if global.json { return try Output.json(profile) }
            Output.line("disabled \(profile.name)")
        }
    }
}
