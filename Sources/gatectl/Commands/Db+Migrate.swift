import ArgumentParser
import ParentalGate

extension GateCtl.Db {
    /// `gatectl db migrate`.
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Apply pending schema migrations, each in its own transaction.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let pending = global.databaseExists
                ? try await global.openGate(migrate: false).databaseStatus().pendingMigrations : ["all"]
            let status = try await global.openGate().databaseStatus()
            if global.json {
                return try Output.json(["applied": pending == ["all"] ? [String(status.schemaVersion)] : pending])
            }
            print(pending.isEmpty
                ? "up to date: schema version \(status.schemaVersion)"
                : "migrated to schema version \(status.schemaVersion)" + (pending == ["all"] ? "" : " (\(pending.joined(separator: ", ")))"))
        }
    }
}
