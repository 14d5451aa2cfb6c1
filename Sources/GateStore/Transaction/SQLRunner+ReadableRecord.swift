import GRDB

extension SQLRunner {
    /// The first row of `sql` as a `Record`, read as any record: a backend whose rows are all
    /// GRDB `Row`s (PostgreSQL) needs nothing more; SQLite reads the row in place.
    package func fetchOne<Record: ReadableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> Record? {
        try fetchOne(fetchable: type, sql, arguments)
    }

    /// Every row of `sql` as a `Record`, read as any record (see the one-row method).
    package func fetchAll<Record: ReadableRecord>(
        _ type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> [Record] {
        try fetchAll(fetchable: type, sql, arguments)
    }

    /// The `FetchableRecord` requirement, which a `ReadableRecord` would not reach by name.
    private func fetchOne<Record: FetchableRecord>(
        fetchable type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> Record? {
        try fetchOne(type, sql, arguments)
    }

    /// The `FetchableRecord` requirement, which a `ReadableRecord` would not reach by name.
    private func fetchAll<Record: FetchableRecord>(
        fetchable type: Record.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> [Record] {
        try fetchAll(type, sql, arguments)
    }
}
