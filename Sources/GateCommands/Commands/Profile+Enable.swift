import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Profile {
    /// `gatectl profile enable NAME`.
    struct Enable: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "enable", abstract: "Enable a disabled profile.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The profile's name.")
        var name: String

        func run() async throws {
            let profile = try await global.perform(SetProfileEnabled(name: name, enabled: true, by: actor.by))
            if global.json { return try Output.json(profile) }
            Output.line("enabled \(profile.name)")
        }
    }
}
