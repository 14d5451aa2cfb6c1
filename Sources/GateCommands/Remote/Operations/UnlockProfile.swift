import ParentalGate

/// `unlock`: whether the profile was locked.
package struct UnlockProfile: GateOperation {
    var profile: String
    var by: String

    package var request: AdminRequest { .unlockProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.unlock(profile: profile, by: by)
    }
}
