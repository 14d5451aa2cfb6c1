import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl.Questions {
    /// `gatectl questions list`.
    struct List: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List question sets.")

        @OptionGroup var global: GlobalOptions

        struct JSON: Encodable {
            var name: String
            var locale: String
            var questions: Int
            var updatedAt: Date
        }

        func run() async throws {
            let sets = try await global.openGate().questionSets()
            if global.json {
                return try Output.json(sets.map { JSON(name: $0.name, locale: $0.locale.identifier, questions: $0.questionCount, updatedAt: $0.updatedAt) })
            }
            var table = Table(headers: ["SET", "LOCALE", "QUESTIONS", "UPDATED"])
            table.rows = sets.map { [$0.name, $0.locale.identifier, String($0.questionCount), Formatting.time($0.updatedAt)] }
            table.print()
        }
    }
}
