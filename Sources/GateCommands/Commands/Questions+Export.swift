import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl.Questions {
    /// `gatectl questions export --set NAME --locale TAG`.
    struct Export: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export a question set as JSON, in the format questions import reads.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "The set's name.")
        var set: String

        @Option(help: "The set's language.")
        var locale: String = "en"

        @Option(help: "Write to this new private file (mode 0600) instead of standard output: not a symbolic link, not the database, new unless --force.")
        var output: String?

        @Flag(help: "Replace the --output file if it exists (a regular file; never the database itself).")
        var force = false

        struct Exported: Encodable {
            var file: String
            var questions: Int
        }

        func validate() throws {
            if force, output == nil { throw ValidationError("--force needs --output") }
        }

        func run() async throws {
            let exported = try await global.perform(ExportQuestions(set: set, locale: locale))
            let questions = exported.questions
            let data = try JSONEncoder.gate(pretty: true).encode(QuestionFile(name: set, locale: locale, questions: questions))
            if let output {
                try await offeringForce {
                    // Here the gate writes it (beside its database); through the daemon gatectl does. Never over the database.
                    if CommandContext.current.daemon == nil {
                        try global.openGate().writeFile(data + Data("\n".utf8), to: output, replacing: force)
                    } else {
                        try Gate.writePrivateFile(data + Data("\n".utf8), to: output, replacing: force, protecting: exported.databaseFiles)
                    }
                }
                if global.json {
                    try Output.json(Exported(file: output, questions: questions.count))
                } else {
                    Output.line("exported \(questions.count) \(questions.count == 1 ? "question" : "questions") to \(output)")
                }
            } else {
                Output.line(String(decoding: data, as: UTF8.self))
            }
        }
    }
}
