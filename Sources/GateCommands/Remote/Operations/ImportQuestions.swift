import ParentalGate

/// `questions import`: the questions gatectl read from the file it names (the daemon never
/// reads a file a command names).
package struct ImportQuestions: GateOperation {
    var questions: [Question]
    var set: String
    var locale: String
    var replacing: Bool
    /// `--by`, if given.
    var by: String?

    package var request: AdminRequest { .importQuestions(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> QuestionSetSummary {
        try await gate.importQuestions(questions, set: set, locale: locale, replacing: replacing, by: ActorOptions.actor(by: by, caller: caller))
    }
}
