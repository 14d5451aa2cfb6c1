/// One page of a query's results, and where the next page starts.
public struct Page<Item: Sendable>: Sendable {
    /// The items of this page, in the query's order; at most the limit asked for.
    public var items: [Item]
    /// Pass it as `after:` for the next page; `nil` when this page reached the end.
    public var next: PageCursor<Item>?

    public init(items: [Item], next: PageCursor<Item>?) {
        self.items = items
        self.next = next
    }
}

extension Page: Equatable where Item: Equatable {}
