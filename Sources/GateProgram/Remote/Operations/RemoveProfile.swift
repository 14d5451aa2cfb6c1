import ParentalGate

/// `profile remove`, once confirmed: true when done.
package struct RemoveProfile: GateOperation {
    package var name: String
    package var by: String?

    package init(name: String, by: String? = nil) {
        self.name = name
        self.by = by
    }

    package var request: AdminRequest { .removeProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.removeProfile(name, by: ActorName.resolve(by: by, caller: caller))
        return true
    }
}
