/// Something a query returns in pages, and how its cursor names a position.
public protocol PagedItem {
    /// Whether its pages are ordered by time, then id (a cursor `TIME.ID`), rather than by id
    /// alone (a cursor `ID`).
    static var pagesByTime: Bool { get }
}

extension AuditEntry: PagedItem {
    public static var pagesByTime: Bool { false }
}

extension Attempt: PagedItem {
    public static var pagesByTime: Bool { true }
}
