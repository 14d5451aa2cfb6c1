import GateCore

/// What `gatectl db status` reports about a database.
package struct StoreStatus: Hashable, Sendable {
    package var location: DatabaseLocation
    /// The newest migration applied.
    package var schemaVersion: Int
    /// The newest migration this build knows.
    package var latestVersion: Int
    /// Known migrations not yet applied, as `NNNN_name`.
    package var pendingMigrations: [String]
    /// Size of the database file, and of its write-ahead log, in bytes.
    package var fileBytes: Int64
    package var walBytes: Int64
    package var journalMode: String
    package var counts: StoreCounts
}
