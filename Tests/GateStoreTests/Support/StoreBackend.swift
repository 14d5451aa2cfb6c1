import Testing

/// Which database a store-level test runs on: the tests that are not about SQLite itself run
/// on both (issue 29's conformance suite), PostgreSQL on a server of the test's own.
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}
