import ParentalGate

/// `profile show`: the profile, its state (an open challenge with its id: a parent asks), its
/// policy and guess resistance, and its latest attempts.
package struct ShowProfile: GateOperation {
    package var name: String
    package var attempts: Int

    package struct Result: Codable, Sendable {
        package var profile: Profile
        package var state: GateState
        package var policy: EffectivePolicy
        package var resistance: GuessResistance
        package var attempts: [Attempt]
    }

    package init(name: String, attempts: Int) {
        self.name = name
        self.attempts = attempts
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
