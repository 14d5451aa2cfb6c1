import ParentalGate

/// `profile remove`, once confirmed: true when done.
package struct RemoveProfile: GateOperation {
    var name: String
    var by: String?

    package var request: AdminRequest { .removeProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.removeProfile(name, by: ActorOptions.actor(by: by, caller: caller))
        return true
    }
}
