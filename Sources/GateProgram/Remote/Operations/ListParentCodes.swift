import ParentalGate

/// `parent-code list`: every parent's code, never a secret.
package struct ListParentCodes: GateOperation {
    package init() {}

    package var request: AdminRequest { .listParentCodes(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [ParentCode] {
        try await gate.parentCodes()
    }
}
