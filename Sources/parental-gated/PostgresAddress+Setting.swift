import GatePostgres
import GateProgram
import GateStore
import Logging
import ParentalGate

extension PostgresAddress {
    /// The PostgreSQL address the `--database` setting names, or `nil` for a file; a bad
    /// address is a usage error naming the setting.
    static func setting(_ database: String, environment: [String: String]) throws -> PostgresAddress? {
        do {
            return try parse(database, environment: environment)
        } catch {
            throw CommandError.usage("--database: \(error)")
        }
    }

    /// A gate on this database for `household`, with the daemons' shared key file; a password file that
    /// cannot be used is a usage error naming the setting.
    func gate(household: String = Household.home.name, keyFile: String?, logger: Logger) async throws -> Gate {
        do {
            let store = try await PostgresStore(address: self, household: household, keyFile: keyFile, logger: logger)
            if (try? await store.ownsTables()) == true {
                logger.notice("""
                    the daemon's role owns the database's tables: row-level security still keeps each household's rows its own (it is forced on the owner), but the owner could turn it off; for many households connect as a role that owns none (parental-gated --migrate --grant-to ROLE, README "PostgreSQL")
                    """)
            }
            return Gate(storage: store)
        } catch let problem as PostgresAddress.Problem {
            throw CommandError.usage("--database: \(problem)")
        } catch let refusal as StoreError {
            // With gatectl's exit codes: a household not there is 3, the server's refusal 74.
            throw GateError.from(refusal)
        }
    }
}
