import ParentalGate

/// `policy show`: the effective policy, household or a profile's, and its guess resistance.
package struct ShowPolicy: GateOperation {
    var profile: String?

    package struct Result: Codable, Sendable {
        var policy: EffectivePolicy
        var resistance: GuessResistance
    }

    package var request: AdminRequest { .showPolicy(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Result {
        Result(policy: try await gate.policy(for: profile), resistance: try await gate.guessResistance(for: profile))
    }
}
