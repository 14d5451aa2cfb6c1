import Foundation
import ParentalGate

/// `db backup` through the daemon: the backup's bytes, taken with SQLite's online backup into
/// a private scratch file of the daemon's; gatectl writes the file the command names.
package struct BackupDatabase: GateOperation {
    package init() {}

    package var request: AdminRequest { .backup(self) }

    package struct Result: Codable, Sendable {
        package var data: Data
        /// The daemon's database files, which the backup must not be written over.
        package var databaseFiles: [String]
    }

    package func perform(on gate: Gate, caller: String?) async throws -> Result {
        try await ScratchFolder.using { scratch in
            let copy = scratch + "/backup.sqlite"
            try await gate.backup(to: copy)
            return Result(data: try Data(contentsOf: URL(fileURLWithPath: copy)), databaseFiles: gate.databaseFiles)
        }
    }
}
