import ParentalGate

/// `profile show`: the profile, its state (an open challenge with its id: a parent asks), its
/// policy and guess resistance, and its latest attempts.
package struct ShowProfile: GateOperation {
    var name: String
    var attempts: Int

    package struct Result: Codable, Sendable {
        var profile: Profile
        var state: GateState
        var policy: EffectivePolicy
        var resistance: GuessResistance
        var attempts: [Attempt]
    }

    package var request: AdminRequest { .showProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Result {
        let profile = try await gate.profile(named: name)
        let state = try await gate.state(profile: profile.name)
        let policy = try await gate.policy(for: profile.name)
        let resistance = try await gate.guessResistance(for: profile.name)
        let recent = attempts == 0 ? [] : try await gate.attempts(AttemptFilter(profileID: profile.id), limit: attempts).items
        return Result(profile: profile, state: state, policy: policy, resistance: resistance, attempts: recent)
    }
}
