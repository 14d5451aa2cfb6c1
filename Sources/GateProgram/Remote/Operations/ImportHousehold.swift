import Foundation
import ParentalGate

/// `household import`: a new household holding an SQLite file's family, the file's bytes (and
/// its key's) sent by gatectl, written to a private scratch folder of the daemon's.
package struct ImportHousehold: GateOperation {
    package var name: String
    package var data: Data
    package var key: Data?

    package init(name: String, data: Data, key: Data?) {
        self.name = name
        self.data = data
        self.key = key
    }

    package var request: AdminRequest { .importHousehold(self) }

    /// The rows copied, by table.
    package func perform(on gate: Gate, caller: String?) async throws -> [String: Int] {
        try await ScratchFolder.using { folder in
            let file = folder + "/household.sqlite"
            try Gate.writePrivateFile(data, to: file)
            if let key { try Gate.writePrivateFile(key, to: file + Gate.notificationKeySuffix) }
            return try await gate.importHousehold(name, fromFile: file)
        }
    }
}
