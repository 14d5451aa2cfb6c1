import ParentalGate

/// `session end`: whether parent mode was on.
package struct EndParentSession: GateOperation {
    package var profile: String
    package var by: String?

    package init(profile: String, by: String? = nil) {
        self.profile = profile
        self.by = by
    }

    package var request: AdminRequest { .endParentSession(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.endSession(profile: profile, by: ActorName.resolve(by: by, caller: caller))
    }
}
