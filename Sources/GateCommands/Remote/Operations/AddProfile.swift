import ParentalGate

/// `profile add`: the profile added.
package struct AddProfile: GateOperation {
    var name: String
    var displayName: String?
    var locale: String
    var by: String?

    package var request: AdminRequest { .addProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Profile {
        try await gate.addProfile(name, displayName: displayName, locale: locale, by: ActorOptions.actor(by: by, caller: caller))
    }
}
