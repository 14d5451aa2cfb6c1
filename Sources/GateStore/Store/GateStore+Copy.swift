import Foundation
import GRDB

extension GateStore {
    /// Copies the SQLite database at `source`, opened read-only (nothing is written beside
    /// it), into a new file at `destination` with SQLite's online backup.
    package static func copyDatabase(from source: String, to destination: String) throws {
        var readOnly = Configuration()
        readOnly.readonly = true
        do {
            let from = try DatabaseQueue(path: source, configuration: readOnly)
            defer { try? from.close() }
            let to = try DatabaseQueue(path: destination)
            defer { try? to.close() }
            try from.backup(to: to)
        } catch let error as DatabaseError {
            throw StoreError.cannotWrite(path: source, reason: "not an SQLite database it can read (\(error.message ?? "\(error.resultCode)"))")
        }
    }
}
