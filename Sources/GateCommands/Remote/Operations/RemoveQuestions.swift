import ParentalGate

/// `questions remove`: true when done.
package struct RemoveQuestions: GateOperation {
    var set: String
    var locale: String?
    var by: String?

    package var request: AdminRequest { .removeQuestions(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Bool {
        try await gate.removeQuestions(set: set, locale: locale, by: ActorOptions.actor(by: by, caller: caller))
        return true
    }
}
