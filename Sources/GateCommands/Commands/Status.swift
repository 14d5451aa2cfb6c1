import ArgumentParser
import Foundation
import ParentalGate
import GateJSON

extension GateCtl {
    /// `gatectl status NAME`.
    struct Status: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the state of a profile's gate: child, verifying, parent mode, locked out, hard-locked, disabled or quiet hours.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        func run() async throws {
            let session = try global.gateSession()
            let (profile, state) = try await session.status(profile: name)
            if global.json { return try Output.json(StateJSON(profile: profile, state: state)) }
            Output.line("\(profile): \(Formatting.state(state, now: Date()))")
            // Quiet hours are a child's to read too: the second line is in the profile's language.
            if case .quietHours(let until) = state {
                let strings = GateStrings.forLocale(try await session.profile(named: profile).locale)
                Output.line(strings.quietHours(for: Formatting.remaining(until)))
            }
        }
    }
}
