import ArgumentParser

extension GateCtl {
    /// `gatectl ask …`: a child asks a parent instead of answering; a parent decides.
    struct Ask: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ask",
            abstract: "Ask a parent instead of answering (request, check); list, approve and deny requests.",
            discussion: """
                A request notifies the parents subscribed to request events, each with a one-time \
                approval link (parental-gated --public-url). Approving opens parent mode, as a pass \
                does, and lifts a lockout; the asking client picks it up with its handle. \
                `gatectl gate NAME --ask` asks and waits at a terminal.
                """,
            subcommands: [Request.self, Check.self, List.self, Approve.self, Deny.self]
        )
    }
}
