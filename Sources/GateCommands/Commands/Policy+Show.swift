import GateProgram
import ArgumentParser
import Foundation
import ParentalGate
import GateJSON

extension GateCtl.Policy {
    /// `gatectl policy show [--profile NAME]`.
    struct Show: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show every effective policy field, where it comes from, and the guess resistance.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "The profile whose effective policy to show (default: the household policy).")
        var profile: String?

        func run() async throws {
            let shown = try await global.perform(ShowPolicy(profile: profile))
            let (policy, resistance) = (shown.policy, shown.resistance)
            if global.json { return try Output.json(PolicyJSON(profile: profile, policy: policy, resistance: resistance)) }
            Self.printPolicy(policy, resistance: resistance)
        }

        /// The policy table and the guess-resistance figures, for people.
        static func printPolicy(_ policy: EffectivePolicy, resistance: GuessResistance) {
            var table = Table(headers: ["FIELD", "VALUE", "FROM"])
            table.rows = PolicyField.allCases.map { [$0.rawValue, policy.policy[$0].description, policy.source(of: $0).rawValue] }
            table.print()
            Output.line("")
            Output.line("guess resistance: a child guessing with the best strategy passes")
            Output.fields([
                ("  best strategy", resistance.strategy),
                ("  one challenge", percent(resistance.perChallenge) + " (1 in \(oneIn(resistance.perChallenge)))"),
                ("  before the first lockout", percent(resistance.beforeFirstLockout)),
                ("  within 24 hours of trying", percent(resistance.within24Hours) + " (\(resistance.challengesPer24Hours) challenges)"),
            ])
        }

        private static func percent(_ value: Double) -> String {
            (value * 100).formatted(.number.precision(.significantDigits(1...3)).locale(Locale(identifier: "en_US_POSIX"))) + "%"
        }

        private static func oneIn(_ value: Double) -> String {
            value > 0 ? String(Int((1 / value).rounded())) : "∞"
        }
    }
}
