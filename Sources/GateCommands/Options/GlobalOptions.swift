import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

/// Options every command takes.
package struct GlobalOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: "The database file (default: $PARENTAL_GATE_DATABASE, else the XDG data directory).")
    package var database: String?

    @Option(name: .long, help: "The daemon's socket to ask (default: $PARENTAL_GATE_SOCKET, else /run/parental-gate/admin.sock or gate.sock if there).")
    package var socket: String?

    @Flag(name: .long, help: "Print the result as JSON for scripts instead of a table for people.")
    package var json = false

    @Option(name: .long, help: "The household to act in, on a daemon whose PostgreSQL database holds many (default: $PARENTAL_GATE_HOUSEHOLD, else the daemon's own; a database file is one household, home).")
    package var household: String?

    /// The household asked for: `--household`, else `$PARENTAL_GATE_HOUSEHOLD`; `nil`: the daemon's own, or the file's.
    package var householdName: String? {
        household ?? ProcessInfo.processInfo.environment[Self.householdVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The environment variable that names the household when `--household` does not.
    static let householdVariable = "PARENTAL_GATE_HOUSEHOLD"

    /// The database path this invocation uses: the daemon's, when a command runs in it.
    package var databasePath: String {
        DatabasePath.resolve(explicit: database, environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the gate on ``databasePath``, creating and migrating the database if needed
    /// (`migrate: false` leaves pending migrations of an existing database for `db migrate`).
    ///
    /// One connection, as a command runs and exits; `serve` asks for a pool of readers.
    /// `anyHousehold`: for a command that manages households, which `--household` does not name.
    package func openGate(migrate: Bool = true, readerPool: Bool = false, anyHousehold: Bool = false) throws(GateError) -> Gate {
        // Through a socket a command asks the daemon (``perform(_:)``): a file of gatectl's own would be the wrong one.
        if CommandContext.current.daemon != nil { throw GateError.notPermitted("this command cannot open a database through the daemon's socket") }
        // A file is one household.
        if !anyHousehold, let name = householdName, name != Household.home.name { throw GateError.notFound(.family(name)) }
        let path = databasePath
        let existed = FileManager.default.fileExists(atPath: path)
        let gate = try OneShotGates.shared.gate("\(migrate) \(readerPool) \(path)") { () throws(GateError) in
            try Gate(database: .file(path), migrate: migrate, singleConnection: !readerPool)
        }
        // A file nobody asked for by name is not made in silence: it may not be the gate's.
        if !existed {
            CommandContext.current.console.writeError("note: created a new database at \(path)\n")
        }
        return gate
    }

    /// The gate a child's commands and the terminal gate step (``SessionCommand``): the
    /// daemon's over its socket, else this process's on ``databasePath``.
    package func gateSession() throws(GateError) -> any GateSession {
        if let session = CommandContext.current.gateSession { return session }
        return LocalGateSession(gate: try openGate())
    }

    /// Performs `operation`: through the daemon when the command runs through its socket,
    /// else on ``databasePath``.
    package func perform<Operation: GateOperation>(_ operation: Operation) async throws -> Operation.Result {
        guard let daemon = CommandContext.current.daemon else {
            return try await operation.perform(on: openGate(anyHousehold: operation.request.managesHouseholds), caller: nil)
        }
        guard case .result(let text) = try daemon.send(.admin(operation.request)),
              let result = try? JSONDecoder().decode(Operation.Result.self, from: Data(text.utf8))
        else { throw CommandError.unavailable("the daemon gave an answer this gatectl does not understand") }
        return result
    }

    /// Whether the database file exists already.
    package var databaseExists: Bool {
        FileManager.default.fileExists(atPath: databasePath)
    }

    package func validate() throws {
        if let database, database.isEmpty {
            throw ValidationError("--database must be a file's path, not ''")
        }
        if let socket, socket.isEmpty {
            throw ValidationError("--socket must be a file's path, not ''")
        }
        if socket != nil && database != nil {
            throw ValidationError("--socket and --database cannot be combined: the daemon uses its own database")
        }
        if let conflict = DatabasePath.conflict(in: ProcessInfo.processInfo.environment) { throw ValidationError(conflict) }
        if let name = householdName, !Gate.isHouseholdName(name) {
            let from = household == nil ? "$\(Self.householdVariable)" : "--household"
            throw ValidationError("\(from): \(GateInputError.malformedFamilyName(name))")
        }
        if socket == nil, databasePath.contains("://") || databasePath.lowercased().hasPrefix("postgres:") || databasePath.lowercased().hasPrefix("postgresql:") {
            throw ValidationError("gatectl does not connect to PostgreSQL itself: ask a daemon that does, through its socket (--socket PATH)")
        }
    }

    /// `arguments` with the global options given before the subcommand
    /// (`gatectl --database F profile add emma`) moved after it, where each command takes them.
    package static func afterSubcommand(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if first == "--json" || first.hasPrefix("--database=") || first.hasPrefix("--socket=") || first.hasPrefix("--household=") {
                leading.append(first)
                rest = rest.dropFirst()
            } else if (first == "--database" || first == "--socket" || first == "--household"), rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        guard !leading.isEmpty, !rest.isEmpty else { return arguments }
        // Before a `--` that ends the options, else at the end.
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        return Array(rest[..<end]) + leading + Array(rest[end...])
    }
}
