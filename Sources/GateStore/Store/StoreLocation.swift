/// Where a store keeps its database.
package enum StoreLocation: Hashable, Sendable, CustomStringConvertible {
    /// An SQLite file, created with its directories if missing.
    case file(String)
    /// A private in-memory database that lives as long as the store.
    case inMemory

    package var description: String {
        switch self {
        case .file(let path): path
        case .inMemory: ":memory:"
        }
    }
}
