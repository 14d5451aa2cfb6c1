import ArgumentParser

extension GateCtl {
    /// `gatectl questions …`: question sets.
    struct Questions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "questions",
            abstract: "Import, list, export and remove question sets.",
            subcommands: [Import.self, List.self, Export.self, Remove.self]
        )
    }
}
