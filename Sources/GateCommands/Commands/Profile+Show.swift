import ArgumentParser
import Foundation
import GateCore
import GateJSON
import GateProgram
import ParentalGate

extension GateCtl.Profile {
    /// `gatectl profile show NAME`: the profile, its gate state, policy and last attempts.
    struct Show: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a profile: its gate state, effective policy and last attempts.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        @Option(help: "How many of the last attempts to show.")
        var attempts: Int = 10

        struct JSON: Encodable {
            var profile: Profile
            var state: StateJSON
            var policy: PolicyJSON
            var attempts: [Attempt]
        }

        func validate() throws {
            guard (0...1000).contains(attempts) else { throw ValidationError("--attempts must be between 0 and 1000") }
        }

        func run() async throws {
            let shown = try await global.perform(ShowProfile(name: name, attempts: attempts))
            let (profile, state, policy, resistance, recent) = (shown.profile, shown.state, shown.policy, shown.resistance, shown.attempts)
            if global.json {
                return try Output.json(JSON(
                    profile: profile, state: StateJSON(profile: profile.name, state: state, showingChallengeID: true),
                    policy: PolicyJSON(profile: profile.name, policy: policy, resistance: resistance),
                    attempts: recent))
            }
            Output.fields([
                ("name", profile.name), ("display name", profile.displayName), ("locale", profile.locale.identifier),
                ("enabled", profile.isEnabled ? "yes" : "no"), ("state", Formatting.state(state, now: Date(), showingChallengeID: true)),
            ])
            Output.line("")
            GateCtl.Policy.Show.printPolicy(policy, resistance: resistance)
            Output.line("")
            var table = Table(headers: ["ANSWERED", "VALUE", "OUTCOME", "RESPONSE", "CLIENT"])
            table.rows = recent.map {
                [Formatting.time($0.answeredAt), String($0.givenValue), $0.outcome.rawValue,
                 DurationText.format($0.responseTime), $0.client ?? ""]
            }
            Output.line("last attempts")
            table.print()
        }
    }
}
