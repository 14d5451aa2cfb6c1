/// The order of a paged query's results.
public enum PageOrder: Hashable, Sendable {
    /// Oldest first: the pages walk forward in time.
    case oldestFirst
    /// Newest first: the pages walk back in time.
    case newestFirst
}
