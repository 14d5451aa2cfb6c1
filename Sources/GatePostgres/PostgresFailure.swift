import GateStore
import PostgresNIO

/// PostgreSQL's refusal of a statement, by its SQLSTATE, as the store reports it.
struct PostgresFailure: Error, CustomStringConvertible {
    /// The SQLSTATE (`40001`, `23505`, …), the server's or, for a failure on this side, the
    /// one that says what to do (``clientCode(_:)``).
    let code: String
    let message: String

    init(_ error: PSQLError) {
        code = error.serverInfo?[.sqlState] ?? Self.clientCode(error.code)
        message = error.serverInfo?[.message] ?? String(reflecting: error.code)
    }

    /// A failure on this side, as the SQLSTATE that says what to do: a lost or refused
    /// connection is class 08 (the server may come back: retry); the rest (a closed pool, a
    /// malformed message, TLS or authentication set up wrongly) is 58000, a system error
    /// no retry mends.
    private static func clientCode(_ code: PSQLError.Code) -> String {
        switch code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown: "08006"
        default: "58000"
        }
    }

    /// A serialization failure or a deadlock: the whole transaction may simply run again.
    var isRetryable: Bool {
        code == "40001" || code == "40P01"
    }

    var description: String {
        "PostgreSQL error \(code): \(message)"
    }

    /// As the gate reports it: a refused constraint is a conflict, anything else a database error.
    var storeError: StoreError {
        switch code {
        case "23505", "23514", "23503": .constraint(message)
        default: .postgres(code: code, message: message)
        }
    }
}
