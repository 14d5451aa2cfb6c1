import GateProgram
import Foundation
import ParentalGate

/// What a command runs against: this process's terminal, and the database file named on the
/// command line or, through a socket, the daemon.
package struct CommandContext: Sendable {
    /// The context of the command running in this task.
    @TaskLocal package static var current = CommandContext()

    /// Where output goes.
    package var console: Console = .standard
    /// The gate the terminal gate talks to instead of opening the database (the daemon's).
    package var gateSession: (any GateSession)?
    /// The daemon that performs an admin command's operation (``GateOperation``), if it runs
    /// through a socket.
    package var daemon: DaemonConnection?

    package init(
        console: Console = .standard, gateSession: (any GateSession)? = nil, daemon: DaemonConnection? = nil
    ) {
        self.console = console
        self.gateSession = gateSession
        self.daemon = daemon
    }
}
