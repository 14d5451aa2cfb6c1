import ParentalGate

/// `unlock`: whether the profile was locked.
package struct UnlockProfile: GateOperation {
    package var profile: String
    package var by: String

    package init(profile: String, by: String) {
        self.profile = profile
        self.by = by
    }

    package var request: AdminRequest { .unlockProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.unlock(profile: profile, by: by)
    }
}
