import ParentalGate

/// `policy set`: the changes recorded.
package struct SetPolicy: GateOperation {
    /// Each field with its text, in the order given.
    var fields: [PolicyField]
    var texts: [String]
    var profile: String?
    var by: String?

    package var request: AdminRequest { .setPolicy(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [PolicyChange] {
        try await gate.setPolicy(Array(zip(fields, texts)), for: profile, by: ActorOptions.actor(by: by, caller: caller))
    }
}
