import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

/// Parses and runs a `gatectl` command line, turning every failure into `error: …` on the
/// console's standard error and an exit status: in `gatectl` itself, and in the daemon for
/// a caller on its socket.
package enum CommandRunner {
    /// Parses `arguments` (without the program name) into a command, or the exit status and
    /// message of a command line that is not one (help and version are exit 0).
    package static func parse(
        _ arguments: [String], root: any ParsableCommand.Type = GateCtl.self
    ) -> Result<any ParsableCommand, CommandFailure> {
        if root == GateCtl.self, let command = QuickParse.command(arguments) { return .success(command) }
        do {
            return .success(try root.parseAsRoot(arguments))
        } catch {
            return .failure(failure(of: error, root: root))
        }
    }

    /// Runs `command` in the current context; returns its exit status.
    package static func run(_ command: any ParsableCommand, root: any ParsableCommand.Type = GateCtl.self) async -> Int32 {
        do {
            var command = command
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            return report(failure(of: error, root: root))
        }
    }

    /// Runs `command`, whose type is known to run async; returns its exit status.
    ///
    /// Asking whether a command `is` a protocol costs, the first time per type, a scan of every
    /// conformance in the binary: a one-shot `gatectl` spares itself the asking where it can.
    package static func run(async command: any AsyncParsableCommand) async -> Int32 {
        do {
            var command = command
            try await command.run()
            return 0
        } catch {
            return report(failure(of: error))
        }
    }

    /// Parses and runs `arguments`; returns the exit status.
    package static func run(_ arguments: [String], root: any ParsableCommand.Type = GateCtl.self) async -> Int32 {
        switch parse(arguments, root: root) {
        case .success(let command): await run(command, root: root)
        case .failure(let failure): report(failure)
        }
    }

    /// Writes `failure`'s message where it belongs; returns its status.
    package static func report(_ failure: CommandFailure) -> Int32 {
        if let message = failure.message {
            if failure.status == 0 { Output.line(message) } else { Output.error(message) }
        }
        return failure.status
    }

    /// The exit status and message of `error`.
    package static func failure(of error: any Error, root: any ParsableCommand.Type = GateCtl.self) -> CommandFailure {
        CommandFailure(of: error, root: root)
    }
}
