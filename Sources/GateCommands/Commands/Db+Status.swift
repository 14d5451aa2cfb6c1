import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Db {
    /// `gatectl db status`: path, schema version, pending migrations, sizes and counts.
    struct Status: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the database's path, schema version, pending migrations, sizes and row counts; warn when other accounts can read its files."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            // Here an existing database is shown as it is, not migrated first.
            let status = if CommandContext.current.daemon == nil {
                try await global.openGate(migrate: !global.databaseExists).databaseStatus()
            } else {
                try await global.perform(ShowDatabase())
            }
            if global.json {
                try Output.json(status)
                return
            }
            var rows: [(String, String)] = [
                ("database", status.path),
                ("schema version", "\(status.schemaVersion) (this gatectl knows \(status.latestSchemaVersion))"),
                ("pending migrations", status.pendingMigrations.isEmpty ? "none" : status.pendingMigrations.joined(separator: ", ")),
                ("journal mode", status.journalMode),
                ("size", "\(status.fileBytes) bytes + \(status.walBytes) bytes write-ahead log"),
            ]
            for (table, count) in status.counts.sorted(by: { $0.key < $1.key }) {
                rows.append((table, String(count)))
            }
            Output.fields(rows)
            Output.warnings(status.permissionWarnings)
        }
    }
}
