import Foundation
import GateCore
import GateStore

/// A family moved whole between databases and households: every row with its id, so its
/// audit chain, the links between its rows and its numbering carry over unchanged.
extension Gate {
    /// Copies this gate's household into `destination`'s, which must hold no family yet; the
    /// chain is verified before the copy commits. `resealing`: webhook secrets, parents' codes
    /// and sealed session tokens are opened with this gate's key and sealed with the
    /// destination's (households' keys differ); else they travel as they are (daemons given
    /// the file's key). Returns the rows copied, by table.
    package func copyFamily(into destination: Gate, resealing: Bool) async throws(GateError) -> [String: Int] {
        do {
            var copy = try await storage.read { try $0.familyCopy() }
            if resealing { copy = try copy.resealed(from: storage, to: destination.storage) }
            let arriving = copy
            try await destination.storage.write { try $0.receiveFamily(arriving) }
            return copy.counts
        } catch {
            throw GateError.from(error)
        }
    }

    /// What a database file's key is named beside it (`gate.sqlite.notify-key`).
    package static let notificationKeySuffix = NotificationKey.suffix

    /// Writes household `name` into a new SQLite file at `path` that `gatectl --database` opens,
    /// its sealed values sealed with the file's own key (`path.notify-key`, made beside it);
    /// returns the rows copied, by table.
    package func exportHousehold(_ name: String, toNewFile path: String) async throws(GateError) -> [String: Int] {
        let source = try await inHousehold(name)
        let file = try Gate(database: .file(path), timeSource: timeSource, singleConnection: true)
        defer { try? file.close() }
        return try await source.copyFamily(into: file, resealing: true)
    }

    /// Adds household `name` holding the family of the SQLite file at `path` (migrated first if
    /// it is older, a copy's concern only): its sealed values opened with the file's key, beside
    /// it, and sealed with the household's. Nothing is left of the household when it fails.
    package func importHousehold(_ name: String, fromFile path: String) async throws(GateError) -> [String: Int] {
        let file = try Gate(database: .file(path), timeSource: timeSource, singleConnection: true)
        defer { try? file.close() }
        try await addHousehold(name)
        do {
            return try await file.copyFamily(into: try await inHousehold(name), resealing: true)
        } catch {
            try? await removeHousehold(name)
            throw error
        }
    }
}
