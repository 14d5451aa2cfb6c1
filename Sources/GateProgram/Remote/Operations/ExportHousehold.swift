import Foundation
import ParentalGate

/// `household export`: a household as an SQLite file's bytes, with the key its sealed values
/// are sealed with, made in a private scratch folder of the daemon's; gatectl writes the files
/// the command names.
package struct ExportHousehold: GateOperation {
    package var name: String

    package init(name: String) {
        self.name = name
    }

    package var request: AdminRequest { .exportHousehold(self) }

    package struct Result: Codable, Sendable {
        /// The SQLite file.
        package var data: Data
        /// Its key (`FILE.notify-key`), when it seals something.
        package var key: Data?
        /// The rows copied, by table.
        package var counts: [String: Int]
    }

    package func perform(on gate: Gate, caller: String?) async throws -> Result {
        try await ScratchFolder.using { folder in
            let file = folder + "/household.sqlite"
            let counts = try await gate.exportHousehold(name, toNewFile: file)
            return Result(
                data: try Data(contentsOf: URL(fileURLWithPath: file)),
                key: FileManager.default.contents(atPath: file + Gate.notificationKeySuffix), counts: counts)
        }
    }
}
