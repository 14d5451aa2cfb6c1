import ParentalGate

/// `profile rename`: the profile afterwards.
package struct RenameProfile: GateOperation {
    package var name: String
    package var newName: String
    package var by: String?

    package init(name: String, newName: String, by: String? = nil) {
        self.name = name
        self.newName = newName
        self.by = by
    }

    package var request: AdminRequest { .renameProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Profile {
        try await gate.renameProfile(name, to: newName, by: ActorName.resolve(by: by, caller: caller))
    }
}
