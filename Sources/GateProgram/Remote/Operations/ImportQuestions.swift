import ParentalGate

/// `questions import`: the questions gatectl read from the file it names (the daemon never
/// reads a file a command names).
package struct ImportQuestions: GateOperation {
    package var questions: [Question]
    package var set: String
    package var locale: String
    package var replacing: Bool
    /// `--by`, if given.
    package var by: String?

    package init(questions: [Question], set: String, locale: String, replacing: Bool, by: String? = nil) {
        self.questions = questions
        self.set = set
        self.locale = locale
        self.replacing = replacing
        self.by = by
    }

    package var request: AdminRequest { .importQuestions(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> QuestionSetSummary {
        try await gate.importQuestions(questions, set: set, locale: locale, replacing: replacing, by: ActorName.resolve(by: by, caller: caller))
    }
}
