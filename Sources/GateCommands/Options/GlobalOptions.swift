import ArgumentParser
import Foundation
import ParentalGate

/// Options every command takes.
package struct GlobalOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: "The database file (default: $PARENTAL_GATE_DB, else the XDG data directory).")
    package var database: String?

    @Option(name: .long, help: "The daemon's socket to ask (default: $PARENTAL_GATE_SOCKET, else /run/parental-gate/admin.sock or gate.sock if there).")
    package var socket: String?

    @Flag(name: .long, help: "Print the result as JSON for scripts instead of a table for people.")
    package var json = false

    /// The database path this invocation uses: the daemon's, when a command runs in it.
    package var databasePath: String {
        CommandContext.current.databasePath ?? Self.resolvePath(explicit: database, environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the gate on ``databasePath``, creating and migrating the database if needed
    /// (`migrate: false` leaves pending migrations of an existing database for `db migrate`).
    ///
    /// One connection, as a command runs and exits; `serve` asks for a pool of readers.
    package func openGate(migrate: Bool = true, readerPool: Bool = false) throws(GateError) -> Gate {
        if let gate = CommandContext.current.gate { return gate }
        return OneShotGates.shared.opened(try Gate(database: .file(databasePath), migrate: migrate, singleConnection: !readerPool))
    }

    /// Whether the database file exists already.
    package var databaseExists: Bool {
        FileManager.default.fileExists(atPath: databasePath)
    }

    /// `--database`, else `$PARENTAL_GATE_DB`, else `$XDG_DATA_HOME/parental-gate/gate.sqlite`,
    /// else `~/.local/share/parental-gate/gate.sqlite`.
    package static func resolvePath(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = environment["PARENTAL_GATE_DB"], !path.isEmpty { return path }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/parental-gate/gate.sqlite"
    }

    package func validate() throws {
        if let database, database.isEmpty {
            throw ValidationError("--database must not be empty")
        }
        if let socket, socket.isEmpty {
            throw ValidationError("--socket must not be empty")
        }
        if socket != nil && database != nil {
            throw ValidationError("--socket and --database cannot be combined: the daemon uses its own database")
        }
    }
}
