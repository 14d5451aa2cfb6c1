import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl.Db {
    /// `gatectl db restore FILE`.
    struct Restore: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Replace the database with a backup, with the daemon stopped; the backup is checked first and the replaced database kept as DATABASE.before-restore.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "A file db backup wrote.")
        var file: String

        @Flag(help: "Replace without asking.")
        var yes = false

        func run() async throws {
            // The daemon has the database open: it is stopped first, and the file named.
            if CommandContext.current.daemon != nil {
                throw CommandError.usage(
                    "db restore replaces the database file, which the daemon has open: stop it (systemctl stop parental-gated), then run gatectl db restore FILE --database PATH")
            }
            let path = global.databasePath
            if !yes, FileManager.default.fileExists(atPath: path) {
                try Confirmation.ask(
                    "Replace the database \(path) with \(file)? The current one is kept as \(path).before-restore.", else: "restored")
            }
            let report = try await Gate.restore(database: path, from: file)
            if global.json {
                return try Output.json(RestoreJSON(database: path, schemaVersion: report.schemaVersion, replacedKeptAt: report.replacedKeptAt))
            }
            let kept = report.replacedKeptAt.map { "; the database it replaced is at \($0)" } ?? ""
            Output.line("restored \(file) to \(path) (schema version \(report.schemaVersion), \(report.auditRecords) audit records intact)\(kept)")
        }

        private struct RestoreJSON: Encodable {
            var database: String
            var schemaVersion: Int
            var replacedKeptAt: String?
        }
    }
}
