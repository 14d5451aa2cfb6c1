import GateProgram
import ArgumentParser
import Foundation
import GateJSON
import ParentalGate

extension GateCtl.Questions {
    /// `gatectl questions list`.
    struct List: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List question sets.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let sets = try await global.perform(ListQuestionSets())
            if global.json {
                return try Output.json(sets.map(QuestionSetJSON.init))
            }
            var table = Table(headers: ["SET", "LOCALE", "QUESTIONS", "UPDATED"])
            table.rows = sets.map { [$0.name, $0.locale.identifier, String($0.questionCount), Formatting.time($0.updatedAt)] }
            table.print()
        }
    }
}
