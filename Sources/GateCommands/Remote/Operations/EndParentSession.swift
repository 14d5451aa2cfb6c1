import ParentalGate

/// `session end`: whether parent mode was on.
package struct EndParentSession: GateOperation {
    var profile: String
    var by: String?

    package var request: AdminRequest { .endParentSession(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.endSession(profile: profile, by: ActorOptions.actor(by: by, caller: caller))
    }
}
