import GatePostgres
import GateProgram
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

    /// A gate on this database, with the daemons' shared key file; a password file that
    /// cannot be used is a usage error naming the setting.
    func gate(keyFile: String?, logger: Logger) async throws -> Gate {
        do {
            return Gate(storage: try await PostgresStore(address: self, keyFile: keyFile, logger: logger))
        } catch let problem as PostgresAddress.Problem {
            throw CommandError.usage("--database: \(problem)")
        }
    }
}
