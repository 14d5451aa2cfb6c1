import ParentalGate

/// `questions remove`: true when done.
package struct RemoveQuestions: GateOperation {
    package var set: String
    package var locale: String?
    package var by: String?

    package init(set: String, locale: String? = nil, by: String? = nil) {
        self.set = set
        self.locale = locale
        self.by = by
    }

    package var request: AdminRequest { .removeQuestions(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.removeQuestions(set: set, locale: locale, by: ActorName.resolve(by: by, caller: caller))
        return true
    }
}
