import ArgumentParser

extension GateCtl {
    /// `gatectl session …`: parent mode.
    struct Session: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "session",
            abstract: "Check a parent-session token, or end a profile's parent mode.",
            subcommands: [Check.self, End.self]
        )
    }
}
