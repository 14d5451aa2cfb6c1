import ArgumentParser

extension GateCtl {
    /// `gatectl challenge …`: the gate for scripts.
    struct Challenge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "challenge",
            abstract: "Begin, answer and cancel challenges from scripts.",
            subcommands: [Begin.self, Answer.self, Cancel.self]
        )
    }
}
