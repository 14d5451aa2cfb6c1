import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Profile {
    /// `gatectl profile add NAME`.
    struct Add: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a profile.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The profile's unique name (compared ignoring case), as used in other commands.")
        var name: String

        @Option(help: "The name shown to people (default: the name).")
        var displayName: String?

        @Option(help: "The language of its challenges, a BCP 47 tag like en, ru-RU or de-CH.")
        var locale: String = "en"

        func run() async throws {
            let profile = try await global.perform(AddProfile(name: name, displayName: displayName, locale: locale, by: actor.by))
            if global.json { return try Output.json(profile) }
            Output.line("added profile \(profile.name) (\(profile.displayName), \(profile.locale))")
        }
    }
}
