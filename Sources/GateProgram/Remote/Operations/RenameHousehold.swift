import ParentalGate

/// `household rename`: true when done.
package struct RenameHousehold: GateOperation {
    package var name: String
    package var newName: String

    package init(name: String, newName: String) {
        self.name = name
        self.newName = newName
    }

    package var request: AdminRequest { .renameHousehold(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.renameHousehold(name, to: newName)
        return true
    }
}
