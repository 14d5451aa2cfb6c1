import GateProgram
import Foundation
import ParentalGate

/// What a command runs against: by default this process's terminal and the database file
/// named on the command line; in the daemon, its own gate and a caller on a socket.
package struct CommandContext: Sendable {
    /// The context of the command running in this task.
    @TaskLocal package static var current = CommandContext()

    /// Where output goes.
    package var console: Console = .standard
    /// The gate to use instead of opening a database file (the daemon's own).
    package var gate: Gate?
    /// The database file `gate` keeps.
    package var databasePath: String?
    /// Who is asking, for the audit log when `--by` is not given; `nil`: this process's user.
    package var caller: String?
    /// The time zone times are shown in; `nil`: this process's.
    package var timeZone: TimeZone?
    /// The gate the terminal gate talks to instead of opening the database (the daemon's).
    package var gateSession: (any GateSession)?
    /// The daemon that performs an admin command's operation (``GateOperation``), if it runs
    /// through a socket.
    package var daemon: DaemonConnection?

    package init(
        console: Console = .standard, gate: Gate? = nil, databasePath: String? = nil, caller: String? = nil,
        timeZone: TimeZone? = nil, gateSession: (any GateSession)? = nil, daemon: DaemonConnection? = nil
    ) {
        self.console = console
        self.gate = gate
        self.databasePath = databasePath
        self.caller = caller
        self.timeZone = timeZone
        self.gateSession = gateSession
        self.daemon = daemon
    }
}
