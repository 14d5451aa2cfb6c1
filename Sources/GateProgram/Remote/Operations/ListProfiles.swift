import ParentalGate

/// `profile list`: every profile.
package struct ListProfiles: GateOperation {

    package init() {}

    package var request: AdminRequest { .listProfiles(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [Profile] {
        try await gate.profiles()
    }
}
