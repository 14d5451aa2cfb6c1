import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl.HouseholdCommand {
    /// `gatectl household import NAME FILE`.
    struct Import: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add a household holding the family of an SQLite file (a home's gate.sqlite, or an export), its audit chain checked.",
            discussion: """
                The file's key (FILE.notify-key, beside it) opens its webhook secrets and parents' codes, which are \
                sealed again with the household's. A copy whose chain does not verify adds nothing. The file is \
                trusted whole (its admin tokens open the household's API): import only a family's own file.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The new household's name: 1 to 63 lowercase letters, digits and dashes.")
        var name: String

        @Argument(help: "The SQLite file to import (read only; stop a daemon that still writes it first).")
        var file: String

        func run() async throws {
            // Commits a running (or crashed) daemon has not yet moved into the file wait in its log.
            if let log = try? FileManager.default.attributesOfItem(atPath: file + "-wal")[.size] as? Int, log > 0 {
                throw CommandError.usage(
                    "\(file)-wal holds commits not yet in \(file): stop the daemon that writes it (systemctl stop parental-gated), or copy it with gatectl db backup, and import that")
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandError.usage("cannot read \(file)")
            }
            let key = FileManager.default.contents(atPath: file + Gate.notificationKeySuffix)
            let counts = try await global.perform(ImportHousehold(name: name, data: data, key: key))
            if global.json { return try Output.json(["imported": name, "file": file]) }
            Output.line("imported \(file) as household \(name): \(Export.summary(counts))")
        }
    }
}
