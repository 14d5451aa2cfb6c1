import ArgumentParser

extension GateCtl {
    /// `gatectl db …`: the database itself.
    struct Db: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "db",
            abstract: "Inspect, migrate, check, back up and restore the database.",
            subcommands: [Status.self, Migrate.self, Check.self, Backup.self, Restore.self]
        )
    }
}
