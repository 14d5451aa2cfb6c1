import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Db {
    /// `gatectl db backup FILE`.
    struct Backup: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Copy the database to a new private file (mode 0600) with SQLite's online backup, safe while the gate is in use.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The new backup file: not a symbolic link, not the database itself, and new unless --force.")
        var file: String

        @Flag(help: "Replace FILE if it exists (a regular file; never the database itself).")
        var force = false

        func run() async throws {
            if CommandContext.current.daemon != nil {
                // The daemon's bytes, written here: the daemon writes no file a command names.
                let backup = try await global.perform(BackupDatabase())
                try await offeringForce { try Gate.writePrivateFile(backup.data, to: file, replacing: force, protecting: backup.databaseFiles) }
            } else {
                let gate = try global.openGate()
                try await offeringForce { try await gate.backup(to: file, replacing: force) }
            }
            if global.json { return try Output.json(["backup": file]) }
            Output.line("backed up to \(file)")
        }
    }
}
