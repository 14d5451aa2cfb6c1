import ParentalGate

/// `parent-code add`: the code added, with its secret and URI (shown this once).
package struct AddParentCode: GateOperation {
    package var name: String
    package var by: String?

    package init(name: String, by: String? = nil) {
        self.name = name
        self.by = by
    }

    package var request: AdminRequest { .addParentCode(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> AddedParentCode {
        try await gate.addParentCode(named: name, by: ActorName.resolve(by: by, caller: caller))
    }
}
