/// Where the gate keeps its SQLite database.
public enum DatabaseLocation: Hashable, Sendable, CustomStringConvertible {
    /// A file, created with its directories on first use and migrated.
    case file(String)
    /// A private in-memory database, gone when the gate is: for tests and trials.
    case inMemory

    public var description: String {
        switch self {
        case .file(let path): path
        case .inMemory: ":memory:"
        }
    }
}
