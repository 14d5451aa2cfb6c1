import ParentalGate

/// `profile enable` and `profile disable`: the profile afterwards.
package struct SetProfileEnabled: GateOperation {
    var name: String
    var enabled: Bool
    var by: String?

    package var request: AdminRequest { .setProfileEnabled(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Profile {
        try await gate.setProfileEnabled(name, enabled, by: ActorOptions.actor(by: by, caller: caller))
    }
}
