import ParentalGate

/// `questions export`: the set's questions; gatectl writes the file the command names.
package struct ExportQuestions: GateOperation {
    var set: String
    var locale: String

    package var request: AdminRequest { .exportQuestions(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [Question] {
        try await gate.questions(set: set, locale: locale)
    }
}
