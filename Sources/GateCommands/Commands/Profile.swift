import ArgumentParser

extension GateCtl {
    /// `gatectl profile …`: the family members the gate protects.
    struct Profile: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "profile",
            abstract: "Add, list, show, rename, disable, enable and remove profiles.",
            subcommands: [Add.self, List.self, Show.self, Rename.self, Disable.self, Enable.self, Remove.self]
        )
    }
}
