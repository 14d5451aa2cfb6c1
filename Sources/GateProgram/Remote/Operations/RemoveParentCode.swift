import ParentalGate

/// `parent-code remove`: the code removed.
package struct RemoveParentCode: GateOperation {
    package var name: String
    package var by: String?

    package init(name: String, by: String? = nil) {
        self.name = name
        self.by = by
    }

    package var request: AdminRequest { .removeParentCode(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> ParentCode {
        try await gate.removeParentCode(named: name, by: ActorName.resolve(by: by, caller: caller))
    }
}
