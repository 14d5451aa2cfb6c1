import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Db {
    /// `gatectl db migrate`.
    struct Migrate: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "migrate", abstract: "Apply pending schema migrations, each in its own transaction.")

        @OptionGroup var global: GlobalOptions

        struct JSON: Encodable {
            /// The migrations applied, as `NNNN_name`.
            var applied: [String]
            var schemaVersion: Int
        }

        func run() async throws {
            // The daemon migrated its database when it started: nothing is pending there.
            let pending = CommandContext.current.daemon == nil ? try await global.openGate(migrate: false).databaseStatus().pendingMigrations : []
            let status = CommandContext.current.daemon == nil ? try await global.openGate().databaseStatus() : try await global.perform(ShowDatabase(migrating: true))
            if global.json { return try Output.json(JSON(applied: pending, schemaVersion: status.schemaVersion)) }
            Output.line(pending.isEmpty
                ? "up to date: schema version \(status.schemaVersion)"
                : "migrated to schema version \(status.schemaVersion) (\(pending.joined(separator: ", ")))")
        }
    }
}
