import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

/// What the `gatectl` executable does: run the command line here, on a database file, or
/// have the daemon run it through its socket, with the same output and exit status.
package enum GatectlMain {
    /// The daemon's sockets where a system installation puts them, admin first.
    package static let defaultSockets = ["/run/parental-gate/admin.sock", "/run/parental-gate/gate.sock"]

    /// What a system installation of the daemon leaves (the README's, or the package's): with
    /// one of them there and no socket, the daemon is down, and a database file of gatectl's
    /// own would be one the gate never reads.
    package static let systemInstallation = [
        "/etc/systemd/system/parental-gated.service", "/usr/lib/systemd/system/parental-gated.service",
        "/etc/parental-gate/parental-gated.json",
    ]

    /// Runs `arguments` (without the program name) on the calling thread, which waits until
    /// they have run, for a process that exits next; returns the exit status.
    package static func runHere(_ arguments: [String]) -> Int32 {
        OneShotGates.shared.startCollecting()
        let status = CallingThreadExecutor.run { await run(arguments) }
        OneShotGates.shared.closeAll()
        return status
    }

    /// Runs `arguments` (without the program name); returns the exit status.
    package static func run(_ arguments: [String]) async -> Int32 {
        let arguments = GlobalOptions.afterSubcommand(arguments)
        let environment = ProcessInfo.processInfo.environment
        // The gate's and status's plain command lines: their type says what they take and how
        // they run, so nothing below needs to ask (see CommandRunner.run(async:)).
        if let command = QuickParse.command(arguments) {
            let sockets: [String]
            do {
                sockets = try Self.sockets(for: command.global, environment: environment)
            } catch {
                return CommandRunner.report(CommandRunner.failure(of: error))
            }
            guard !sockets.isEmpty else { return await CommandRunner.run(async: command) }
            return await remote(command, arguments: arguments, sockets: sockets, household: command.global.householdName)
        }
        var command: any ParsableCommand
        switch CommandRunner.parse(arguments) {
        case .failure(let failure): return CommandRunner.report(failure)
        case .success(let parsed): command = parsed
        }
        if var secretCommand = command as? any SecretArgument & ParsableCommand, secretCommand.secret == "-" {
            guard let line = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces), !line.isEmpty else {
                return CommandRunner.report(CommandFailure(status: ExitCode.usage.rawValue, message: "expected the secret on standard input ('-' was given)"))
            }
            secretCommand.secret = line
            command = secretCommand
        }
        let global = (command as? any GlobalCommand)?.global
        let sockets: [String]
        do {
            sockets = try global.map { global throws(CommandError) in try Self.sockets(for: global, environment: environment) } ?? []
        } catch {
            return CommandRunner.report(CommandRunner.failure(of: error))
        }
        guard !sockets.isEmpty else { return await CommandRunner.run(command) }
        return await remote(command, arguments: arguments, sockets: sockets, household: global?.householdName)
    }

    /// Has the daemon on the first of `sockets` run `command`; returns the exit status.
    private static func remote(_ command: any ParsableCommand, arguments: [String], sockets: [String], household: String?) async -> Int32 {
        do {
            return try await remote(command, arguments: arguments, connection: connect(sockets, household: household))
        } catch {
            return CommandRunner.report(CommandRunner.failure(of: error))
        }
    }

    /// The sockets to try for a command with `global` options, in order; none: run here on
    /// the database file.
    ///
    /// `--socket`, else `--database` (a file: none), else `$PARENTAL_GATE_SOCKET`, else
    /// `$PARENTAL_GATE_DATABASE` (none), else the default sockets that exist; none of them with
    /// the daemon installed on this machine is an error, not a database file of gatectl's own.
    static func sockets(for global: GlobalOptions, environment: [String: String]) throws(CommandError) -> [String] {
        if let socket = global.socket { return [socket] }
        if global.database != nil { return [] }
        if let socket = environment["PARENTAL_GATE_SOCKET"], !socket.isEmpty { return [socket] }
        if DatabasePath.fromEnvironment(environment) != nil { return [] }
        let found = defaultSockets.filter { FileManager.default.fileExists(atPath: $0) }
        if found.isEmpty, let installed = systemInstallation.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw .unavailable(
                "parental-gated is installed here (\(installed)) but its socket \(defaultSockets[0]) is not there: is it running? (systemctl status parental-gated). To use a database file of your own instead, name it with --database")
        }
        return found
    }

    /// A connection to the first of `sockets` this user may use.
    private static func connect(_ sockets: [String], household: String?) throws -> DaemonConnection {
        var refusal: CommandError?
        for socket in sockets {
            do {
                return try DaemonConnection(path: socket, household: household)
            } catch {
                if case .notPermitted = error, socket != sockets.last {
                    refusal = refusal ?? error
                    continue
                }
                throw error
            }
        }
        throw refusal ?? CommandError.unavailable("no daemon socket")
    }

    /// Runs `command` here, asking the daemon its typed steps and operations; a command that
    /// cannot run through a socket says so.
    private static func remote(_ command: any ParsableCommand, arguments: [String], connection: DaemonConnection) async throws -> Int32 {
        guard let here: any AsyncParsableCommand = (command as? any SessionCommand) ?? (command as? any OperationCommand) else {
            throw CommandError.usage("'\(arguments.prefix { !$0.hasPrefix("-") }.prefix(2).joined(separator: " "))' cannot run through the daemon's socket")
        }
        let context = CommandContext(gateSession: RemoteGateSession(connection: connection), daemon: connection)
        return await CommandContext.$current.withValue(context) { await CommandRunner.run(async: here) }
    }
}
