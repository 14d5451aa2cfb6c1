/// Where a page of `Item`s ended: the query's next page starts after it.
///
/// Get one from ``Page/next``; it travels as text (``description``, `Codable` as a string) and
/// comes back with ``init(_:)``. It names a position (an id, and for attempts their time), not
/// an offset, so records added or pruned meanwhile do not shift the pages.
public struct PageCursor<Item>: Hashable, Sendable {
    /// The id of the last item of the page.
    package let id: Int64
    /// The sort time of the last item (milliseconds), for queries ordered by time.
    package let time: Int64?

    package init(id: Int64, time: Int64? = nil) {
        self.id = id
        self.time = time
    }
}
