import GRDB

/// What a database holds, as far as ParentalGate's schema goes.
enum SchemaState: Equatable {
    /// No tables at all: a new database, ours to set up.
    case empty
    /// Ours, with these migrations applied (version → checksum).
    case ours(applied: [Int: String])
    /// Somebody else's database.
    case foreign

    /// `PRAGMA application_id` of a ParentalGate database: "PGAT".
    static let applicationID: Int32 = 0x5047_4154

    /// Reads the state of `db`.
    ///
    /// Asks `sqlite_master` itself rather than GRDB's schema cache, which another process
    /// migrating the same file a moment ago leaves stale.
    static func inspect(_ db: Database) throws -> SchemaState {
        let present = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        if present.contains("parental_gate_schema") {
            let rows = try Row.fetchAll(db, sql: "SELECT version, checksum FROM parental_gate_schema")
            var applied: [Int: String] = [:]
            for row in rows {
                applied[row["version"]] = row["checksum"]
            }
            for migration in Migration.all where applied[migration.version] != nil {
                if let missing = migration.tables.first(where: { !present.contains($0) }) {
                    let path = try String.fetchOne(db, sql: "SELECT file FROM pragma_database_list WHERE name = 'main'") ?? "the database"
                    throw StoreError.corrupt(path: path, detail: "its table \(missing) is missing")
                }
            }
            return .ours(applied: applied)
        }
        let objects = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if objects == 0 && (applicationID == 0 || applicationID == Self.applicationID) {
            return .empty
        }
        return .foreign
    }

    /// The newest applied version, 0 when none.
    var version: Int {
        if case .ours(let applied) = self { return applied.keys.max() ?? 0 }
        return 0
    }

    /// Throws unless this build can use a database in this state: ours or empty, no newer
    /// migrations than it knows, and none of its migrations changed since they were applied.
    func checkCompatible(path: String) throws {
        switch self {
        case .empty:
            return
        case .foreign:
            throw StoreError.notOurs(path: path)
        case .ours(let applied):
            if version > Migration.latestVersion {
                throw StoreError.newerSchema(path: path, found: version, supported: Migration.latestVersion)
            }
            for migration in Migration.all {
                if let checksum = applied[migration.version], checksum != migration.checksum {
                    throw StoreError.migrationChanged(version: migration.version, name: migration.name)
                }
            }
        }
    }

    /// The known migrations not yet applied.
    var pending: [Migration] {
        switch self {
        case .empty: Migration.all
        case .foreign: []
        case .ours(let applied): Migration.all.filter { applied[$0.version] == nil }
        }
    }
}
