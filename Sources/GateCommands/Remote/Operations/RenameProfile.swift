import ParentalGate

/// `profile rename`: the profile afterwards.
package struct RenameProfile: GateOperation {
    var name: String
    var newName: String
    var by: String?

    package var request: AdminRequest { .renameProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Profile {
        try await gate.renameProfile(name, to: newName, by: ActorOptions.actor(by: by, caller: caller))
    }
}
