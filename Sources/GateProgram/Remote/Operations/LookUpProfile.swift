import ParentalGate

/// The profile called `name` (compared ignoring case), as `profile remove` confirms it.
package struct LookUpProfile: GateOperation {
    package var name: String

    package init(name: String) {
        self.name = name
    }

    package var request: AdminRequest { .lookUpProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Profile {
        try await gate.profile(named: name)
    }
}
