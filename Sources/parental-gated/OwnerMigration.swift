import GatePostgres
import GateProgram
import Logging

/// `parental-gated --migrate [--grant-to ROLE]`: the tables' owner brings a PostgreSQL
/// database's schema up to this version, grants the daemons' role its rows, and exits; the
/// daemons then connect as that role, which owns no table and so cannot turn row-level
/// security off.
struct OwnerMigration {
    /// The `--database` setting: the owner's PostgreSQL address.
    let database: String
    let environment: [String: String]

    func run(grantingTo role: String?, say: (String) -> Void) async throws {
        guard let address = try PostgresAddress.setting(database, environment: environment) else {
            throw CommandError.usage("--migrate is for a PostgreSQL --database (postgres://…), and \(database) is a file: a file is migrated by its daemon, or by gatectl db migrate")
        }
        let store = try await PostgresStore(address: address, logger: Logger(label: "parental-gated"))
        defer { try? store.close() }
        say("\(address.description) is at this program's schema")
        if let role {
            try await store.grant(to: role)
            say("granted \(role) the rows of every household (row-level security decides which), and no table of its own")
        }
    }
}
