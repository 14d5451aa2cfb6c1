import ArgumentParser
import Foundation
import ParentalGate
import GateJSON

extension GateCtl {
    /// `gatectl status NAME`.
    struct Status: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the state of a profile's gate: child, verifying, parent mode, locked out, hard-locked or disabled.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        func run() async throws {
            let (profile, state) = try await global.gateSession().status(profile: name)
            if global.json { return try Output.json(StateJSON(profile: profile, state: state)) }
            Output.line("\(profile): \(Formatting.state(state, now: Date()))")
        }
    }
}
