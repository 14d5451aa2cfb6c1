import GRDB

/// A record that reads itself from any ``ColumnReader``: from GRDB's `Row` on PostgreSQL and
/// in GRDB's own fetches, and in place from a statement SQLite steps (``SteppedRow``).
package protocol ReadableRecord: FetchableRecord {
    /// The record that `row` holds; throws when a column it needs is missing or does not fit.
    init(row: some ColumnReader) throws
}
