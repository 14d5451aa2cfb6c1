import GRDB

/// The columns of one row, as a record reads them: GRDB's `Row`, or the current row of a
/// statement the store steps itself (``SteppedRow``), so that one `init(row:)` reads both.
package protocol ColumnReader {
    /// The value of column `index` (from 0).
    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value { get throws }
    /// The value of the leftmost column named `name`.
    subscript<Value: DatabaseValueConvertible>(_ name: String) -> Value { get throws }
    /// The value of the leftmost column named as `column`.
    subscript<Value: DatabaseValueConvertible>(_ column: some ColumnExpression) -> Value { get throws }
    /// Whether a column is named `name`.
    func hasColumn(_ name: String) -> Bool
}

extension Row: ColumnReader {}
