/// Why a path given for a file the gate writes (its database, a backup, an export) is refused.
public enum PathProblem: String, Hashable, Sendable, Codable {
    /// The path is empty: SQLite would make a temporary database and throw it away.
    case empty
    /// `:memory:`, SQLite's name for a private in-memory database.
    case inMemoryName
    /// A `file:` URI, which SQLite reads as a URI with its own options, not as a file name.
    case uri
    /// The path holds a NUL character, which would cut it short.
    case nulCharacter
    /// A symbolic link: writing through it would create or change a file somewhere else.
    case symbolicLink
    /// A file is already there (and replacing it was not asked for).
    case exists
    case directory
    /// A device, pipe or socket.
    case notARegularFile
    /// The gate's own database, its write-ahead log or its shared-memory index.
    case databaseItself
    /// An SQLite file with a write-ahead log or journal beside it that still holds data:
    /// replacing the file alone would let SQLite apply that log to the new file.
    case hasLog

    /// What is wrong with `path`, in words.
    public func message(_ path: String) -> String {
        let shown = path.escapedForMessage
        return switch self {
        case .empty: "a file name must not be empty"
        case .inMemoryName:
            "':memory:' is SQLite's name for a temporary in-memory database, not a file (write ./:memory: for a file of that name)"
        case .uri:
            "'\(shown)' would be read by SQLite as a URI, not a file name (write ./\(shown) for a file of that name)"
        case .nulCharacter: "'\(shown)' contains a NUL character"
        case .symbolicLink: "\(shown) is a symbolic link; refusing to write through it (give the path it points to)"
        case .exists: "\(shown) already exists; choose a new file"
        case .directory: "\(shown) is a directory"
        case .notARegularFile: "\(shown) is not a regular file (a device, pipe or socket)"
        case .hasLog:
            "\(shown) has a write-ahead log or journal beside it that still holds data (it may be in use); refusing to replace it"
        case .databaseItself: "\(shown) is the gate's own database or one of its files; refusing to write over it"
        }
    }
}
