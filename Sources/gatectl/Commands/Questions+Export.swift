import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl.Questions {
    /// `gatectl questions export --set NAME --locale TAG`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export a question set as JSON, in the format questions import reads.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "The set's name.")
        var set: String

        @Option(help: "The set's language.")
        var locale: String = "en"

        @Option(help: "Write to this file instead of standard output.")
        var output: String?

        struct Exported: Encodable {
            var file: String
            var questions: Int
        }

        func run() async throws {
            let questions = try await global.openGate().questions(set: set, locale: locale)
            let file = QuestionFile(
                name: set, locale: locale,
                questions: questions.map { QuestionFile.Entry(prompt: $0.prompt, answer: $0.answer, choices: $0.choices) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(file)
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: data + Data("\n".utf8)) else {
                    throw CommandError.usage("cannot write \(output)")
                }
                if global.json {
                    try Output.json(Exported(file: output, questions: questions.count))
                } else {
                    print("exported \(questions.count) \(questions.count == 1 ? "question" : "questions") to \(output)")
                }
            } else {
                print(String(decoding: data, as: UTF8.self))
            }
        }
    }
}
