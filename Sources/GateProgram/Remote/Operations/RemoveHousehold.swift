import ParentalGate

/// `household remove`, once confirmed: true when done.
package struct RemoveHousehold: GateOperation {
    package var name: String

    package init(name: String) {
        self.name = name
    }

    package var request: AdminRequest { .removeHousehold(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.removeHousehold(name)
        return true
    }
}
