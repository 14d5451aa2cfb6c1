import ParentalGate

/// `policy show`: the effective policy, household or a profile's, and its guess resistance.
package struct ShowPolicy: GateOperation {
    package var profile: String?

    package struct Result: Codable, Sendable {
        package var policy: EffectivePolicy
        package var resistance: GuessResistance
    }

    package init(profile: String? = nil) {
        self.profile = profile
    }

    package var request: AdminRequest { .showPolicy(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Result {
        Result(policy: try await gate.policy(for: profile), resistance: try await gate.guessResistance(for: profile))
    }
}
