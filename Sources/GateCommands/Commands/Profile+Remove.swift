import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl.Profile {
    /// `gatectl profile remove NAME`.
    struct Remove: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a profile with its policy, challenges, attempts and sessions; its audit history stays.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The profile's name.")
        var name: String

        @Flag(help: "Remove without asking for confirmation.")
        var yes = false

        func run() async throws {
            let profile = try await global.perform(LookUpProfile(name: name))
            if !yes { try Self.confirm(profile.name) }
            _ = try await global.perform(RemoveProfile(name: profile.name, by: actor.by))
            if global.json { return try Output.json(["removed": profile.name]) }
            Output.line("removed \(profile.name)")
        }

        /// Asks the person at the terminal to confirm removing `name`; throws unless they do.
        static func confirm(_ name: String) throws {
            try Confirmation.ask(
                "Remove profile '\(name)' with its policy, challenges, attempts and sessions? Its audit history stays.", else: "removed")
        }
    }
}
