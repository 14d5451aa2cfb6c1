import ArgumentParser

extension GateCtl {
    /// `gatectl db …`: the database itself.
    struct Db: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Inspect the database.",
            subcommands: [Status.self]
        )
    }
}
