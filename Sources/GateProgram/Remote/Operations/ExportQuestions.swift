import ParentalGate

/// `questions export`: the set's questions; gatectl writes the file the command names.
package struct ExportQuestions: GateOperation {
    package var set: String
    package var locale: String

    package init(set: String, locale: String) {
        self.set = set
        self.locale = locale
    }

    package var request: AdminRequest { .exportQuestions(self) }

    package struct Result: Codable, Sendable {
        package var questions: [Question]
        /// The daemon's database files, which the export must not be written over.
        package var databaseFiles: [String]
    }

    package func perform(on gate: Gate, caller: String?) async throws -> Result {
        Result(questions: try await gate.questions(set: set, locale: locale), databaseFiles: gate.databaseFiles)
    }
}
