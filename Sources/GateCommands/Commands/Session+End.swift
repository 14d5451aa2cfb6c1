import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Session {
    /// `gatectl session end NAME`.
    struct End: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "end", abstract: "End a profile's parent mode now.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The profile's name.")
        var name: String

        struct JSON: Encodable {
            var profile: String
            /// Whether parent mode was on (and is now ended).
            var ended: Bool
        }

        func run() async throws {
            let wasLive = try await global.perform(EndParentSession(profile: name, by: actor.by))
            if global.json { return try Output.json(JSON(profile: name, ended: wasLive)) }
            Output.line(wasLive ? "parent mode of \(name) ended" : "\(name) was not in parent mode")
        }
    }
}
