import ParentalGate

/// `profile enable` and `profile disable`: the profile afterwards.
package struct SetProfileEnabled: GateOperation {
    package var name: String
    package var enabled: Bool
    package var by: String?

    package init(name: String, enabled: Bool, by: String? = nil) {
        self.name = name
        self.enabled = enabled
        self.by = by
    }

    package var request: AdminRequest { .setProfileEnabled(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Profile {
        try await gate.setProfileEnabled(name, enabled, by: ActorName.resolve(by: by, caller: caller))
    }
}
