import ParentalGate

/// `questions list`: every question set.
package struct ListQuestionSets: GateOperation {

    package init() {}

    package var request: AdminRequest { .listQuestionSets(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [QuestionSetSummary] {
        try await gate.questionSets()
    }
}
