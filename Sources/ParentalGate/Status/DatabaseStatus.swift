/// What a database holds and how it is kept: `gatectl db status`.
public struct DatabaseStatus: Hashable, Sendable, Codable {
    /// The database file, or `:memory:`.
    public var path: String
    /// The newest migration applied.
    public var schemaVersion: Int
    /// The newest migration this build knows.
    public var latestSchemaVersion: Int
    /// Known migrations not yet applied, as `NNNN_name`.
    public var pendingMigrations: [String]
    public var journalMode: String
    /// Size of the database file and of its write-ahead log, in bytes.
    public var fileBytes: Int64
    public var walBytes: Int64
    /// The database's files and folder that other accounts can read or write (see ``FileExposure``).
    public var permissionWarnings: [FileExposure]
    /// Rows per table.
    public var counts: [String: Int]
}
