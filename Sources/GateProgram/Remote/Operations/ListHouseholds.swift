import ParentalGate

/// `household list`: every household on the database, by name.
package struct ListHouseholds: GateOperation {
    package init() {}

    package var request: AdminRequest { .listHouseholds(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [Household] {
        try await gate.households()
    }
}
