import GateStore
import PostgresNIO

/// PostgreSQL's refusal of a statement, by its SQLSTATE, as the store reports it.
struct PostgresFailure: Error, CustomStringConvertible {
    /// The SQLSTATE (`40001`, `23505`, …); `nil` when the server was not reached.
    let code: String?
    let message: String

    init(_ error: PSQLError) {
        code = error.serverInfo?[.sqlState]
        message = error.serverInfo?[.message] ?? String(reflecting: error.code)
    }

    /// A serialization failure or a deadlock: the whole transaction may simply run again.
    var isRetryable: Bool {
        code == "40001" || code == "40P01"
    }

    var description: String {
        "PostgreSQL error \(code ?? "(no connection)"): \(message)"
    }

    /// As the gate reports it: a refused constraint is a conflict, anything else a database error.
    var storeError: StoreError {
        switch code {
        case "23505"?, "23514"?, "23503"?: .constraint(message)
        default: .postgres(code: code ?? "08000", message: message)
        }
    }
}
