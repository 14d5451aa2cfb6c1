import ParentalGate

/// `policy set`: the changes recorded.
package struct SetPolicy: GateOperation {
    /// Each field with its text, in the order given.
    package var fields: [PolicyField]
    package var texts: [String]
    package var profile: String?
    package var by: String?

    package init(fields: [PolicyField], texts: [String], profile: String? = nil, by: String? = nil) {
        self.fields = fields
        self.texts = texts
        self.profile = profile
        self.by = by
    }

    package var request: AdminRequest { .setPolicy(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [PolicyChange] {
        try await gate.setPolicy(Array(zip(fields, texts)), for: profile, by: ActorName.resolve(by: by, caller: caller))
    }
}
