import ArgumentParser
import ParentalGate

extension GateCtl.Db {
    /// `gatectl db backup FILE`.
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Copy the database to a new file with SQLite's online backup, safe while the gate is in use.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The new backup file (must not exist).")
        var file: String

        func run() async throws {
            try await global.openGate().backup(to: file)
            if global.json { return try Output.json(["backup": file]) }
            print("backed up to \(file)")
        }
    }
}
