import ParentalGate

/// `household add`: the household added.
package struct AddHousehold: GateOperation {
    package var name: String

    package init(name: String) {
        self.name = name
    }

    package var request: AdminRequest { .addHousehold(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Household {
        try await gate.addHousehold(name)
    }
}
