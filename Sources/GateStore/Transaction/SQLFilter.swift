import GRDB

/// The `WHERE` clause of a query built from optional conditions, every value bound as an
/// argument (never spelled into the SQL).
struct SQLFilter {
    private var conditions: [String] = []
    private(set) var arguments: StatementArguments = []

    /// Adds `condition`, whose `?`s take `values` in order.
    mutating func add(_ condition: String, _ values: (any DatabaseValueConvertible)?...) {
        conditions.append(condition)
        arguments += StatementArguments(values)
    }

    /// Adds `condition` with `value` when there is a value; nothing otherwise.
    mutating func add(_ condition: String, ifPresent value: (any DatabaseValueConvertible)?) {
        guard let value else { return }
        add(condition, value)
    }

    /// Adds `column IN (?, …)` for `values` when there are values (`nil`: no condition).
    mutating func add(_ column: String, in values: [String]?) {
        guard let values else { return }
        add("\(column) IN (\(databaseQuestionMarks(count: values.count)))")
        arguments += StatementArguments(values.sorted())
    }

    /// `WHERE a AND b …`, or nothing without conditions.
    var whereClause: String {
        conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    }
}
