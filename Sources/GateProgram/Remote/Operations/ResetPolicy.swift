import ParentalGate

/// `policy reset`: the changes recorded.
package struct ResetPolicy: GateOperation {
    package var fields: [PolicyField]
    package var profile: String?
    package var by: String?

    package init(fields: [PolicyField], profile: String? = nil, by: String? = nil) {
        self.fields = fields
        self.profile = profile
        self.by = by
    }

    package var request: AdminRequest { .resetPolicy(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [PolicyChange] {
        try await gate.resetPolicy(fields, for: profile, by: ActorName.resolve(by: by, caller: caller))
    }
}
