import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl.Questions {
    /// `gatectl questions import FILE`.
    struct Import: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import a question set from JSON or from HTKUltimateParentalGate's plist.",
            discussion: """
                JSON: {"name": "animals", "locale": "en", "questions": [{"prompt": "How many legs has a spider?", \
                "answer": 8, "choices": [6, 8, 10]}]} (choices optional), or just the array of questions. \
                Plist: an array of dictionaries with question and answer_number.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The JSON or plist file.")
        var file: String

        @Option(help: "The set's name (default: the file's name field, else the file name without extension).")
        var set: String?

        @Option(help: "The set's language (default: the file's locale field, else en).")
        var locale: String?

        @Flag(help: "Replace a set of the same name and locale.")
        var replace = false

        struct JSON: Encodable {
            var set: String
            var locale: String
            var questions: Int
        }

        func run() async throws {
            // The file read first: a refused one opens (or makes) no database.
            let questionSet: QuestionSet
            do {
                questionSet = try QuestionFile.questionSet(at: URL(fileURLWithPath: file), set: set, locale: locale)
            } catch {
                throw GateError.invalidInput(error)
            }
            let summary = try await global.perform(ImportQuestions(
                questions: questionSet.questions, set: questionSet.name.value, locale: questionSet.locale.identifier, replacing: replace,
                by: actor.by))
            if global.json {
                return try Output.json(JSON(set: summary.name, locale: summary.locale.identifier, questions: summary.questionCount))
            }
            let noun = summary.questionCount == 1 ? "question" : "questions"
            Output.line("imported \(summary.questionCount) \(noun) into \(summary.name) (\(summary.locale))")
        }
    }
}
