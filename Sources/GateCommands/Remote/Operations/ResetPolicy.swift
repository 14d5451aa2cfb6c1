import ParentalGate

/// `policy reset`: the changes recorded.
package struct ResetPolicy: GateOperation {
    var fields: [PolicyField]
    var profile: String?
    var by: String?

    package var request: AdminRequest { .resetPolicy(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [PolicyChange] {
        try await gate.resetPolicy(fields, for: profile, by: ActorOptions.actor(by: by, caller: caller))
    }
}
