import ParentalGate

/// `profile add`: the profile added.
package struct AddProfile: GateOperation {
    package var name: String
    package var displayName: String?
    package var locale: String
    package var by: String?

    package init(name: String, displayName: String? = nil, locale: String, by: String? = nil) {
        self.name = name
        self.displayName = displayName
        self.locale = locale
        self.by = by
    }

    package var request: AdminRequest { .addProfile(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Profile {
        try await gate.addProfile(name, displayName: displayName, locale: locale, by: ActorName.resolve(by: by, caller: caller))
    }
}
