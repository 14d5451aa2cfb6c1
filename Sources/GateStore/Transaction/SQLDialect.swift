/// What SQLite and PostgreSQL spell differently, for the statements ``SQLRunner`` shares.
package enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// `column` equal to the next argument, ignoring case (SQLite's `NOCASE` folds ASCII
    /// letters only; PostgreSQL's `lower` every letter).
    func equalIgnoringCase(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) = ? COLLATE NOCASE"
        case .postgres: "lower(\(column)) = lower(?)"
        }
    }

    /// The text of `key` in the JSON object stored as text in `column`.
    func jsonText(_ column: String, key: String) -> String {
        switch self {
        case .sqlite: "json_extract(\(column), '$.\(key)')"
        case .postgres: "(\(column)::jsonb ->> '\(key)')"
        }
    }

    /// The number of elements of the JSON array stored as text in `column`.
    func jsonArrayLength(_ column: String) -> String {
        switch self {
        case .sqlite: "json_array_length(\(column))"
        case .postgres: "jsonb_array_length(\(column)::jsonb)"
        }
    }

    /// A statement that keeps every other writer of `tables` waiting until this transaction
    /// ends; `nil` where the transaction already holds the whole database (SQLite's
    /// `BEGIN IMMEDIATE`).
    func lockAgainstWriters(_ tables: [String]) -> String? {
        switch self {
        case .sqlite: nil
        case .postgres: "LOCK TABLE \(tables.joined(separator: ", ")) IN EXCLUSIVE MODE"
        }
    }

    /// `expression`'s values of a group joined with commas.
    func groupConcat(_ expression: String) -> String {
        switch self {
        case .sqlite: "group_concat(\(expression))"
        case .postgres: "string_agg(\(expression), ',')"
        }
    }

    /// 32 random lowercase hex digits (a delivery's id).
    var randomHex32: String {
        switch self {
        case .sqlite: "lower(hex(randomblob(16)))"
        case .postgres: "replace(gen_random_uuid()::text, '-', '')"
        }
    }

    /// What a `SELECT` ends with to lock the rows it returns and pass over those another
    /// transaction holds (SQLite's write transaction holds the whole database already).
    var lockSkippingLocked: String {
        switch self {
        case .sqlite: ""
        case .postgres: " FOR UPDATE SKIP LOCKED"
        }
    }

    /// The greater of two values (SQLite's scalar `max`, PostgreSQL's `greatest`).
    func greatest(_ first: String, _ second: String) -> String {
        switch self {
        case .sqlite: "max(\(first), \(second))"
        case .postgres: "greatest(\(first), \(second))"
        }
    }
}
