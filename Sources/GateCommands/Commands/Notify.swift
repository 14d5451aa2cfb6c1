import ArgumentParser

extension GateCtl {
    /// `gatectl notify …`: tell parents what happens at the gate, by webhook or ntfy.
    struct Notify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "notify",
            abstract: "Add, list, test and remove notifications to parents (webhooks and ntfy).",
            discussion: """
                Events are queued in the database with the change that caused them and delivered \
                by parental-gated, with retries, at least once; each delivery has an id the \
                receiver can de-duplicate by. Event kinds: passed, failed, lockedOut, hardLocked, \
                unlocked, request (a child asks a parent; with parental-gated --public-url it carries a one-time approval link), \
                parentCode (a parent's code opened a gate, or a wrong or used one was typed).
                """,
            subcommands: [Add.self, List.self, Test.self, Remove.self]
        )
    }
}
