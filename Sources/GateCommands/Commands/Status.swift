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
            let gate = try global.openGate()
            let profile = try await gate.profile(named: name)
            let state = try await gate.state(profile: profile.name)
            if global.json { return try Output.json(StateJSON(profile: profile.name, state: state)) }
            Output.line("\(profile.name): \(Formatting.state(state, now: Date()))")
        }
    }
}
