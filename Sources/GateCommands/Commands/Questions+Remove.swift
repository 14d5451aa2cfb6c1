import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Questions {
    /// `gatectl questions remove --set NAME`.
    struct Remove: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a question set, in one locale or all.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Option(help: "The set's name.")
        var set: String

        @Option(help: "Only this language (default: every language of the set).")
        var locale: String?

        func run() async throws {
            _ = try await global.perform(RemoveQuestions(set: set, locale: locale, by: actor.by))
            if global.json { return try Output.json(["removed": set]) }
            Output.line("removed question set \(set)" + (locale.map { " (\($0))" } ?? ""))
        }
    }
}
