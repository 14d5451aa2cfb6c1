import Foundation
import ParentalGate

/// `db backup` through the daemon: the backup's bytes, taken with SQLite's online backup into
/// a private scratch file of the daemon's; gatectl writes the file the command names.
package struct BackupDatabase: GateOperation {
    package init() {}

    package var request: AdminRequest { .backup(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("parental-gated-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let copy = scratch + "/backup.sqlite"
        try await gate.backup(to: copy)
        return try Data(contentsOf: URL(fileURLWithPath: copy))
    }
}
