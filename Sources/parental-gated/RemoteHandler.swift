import ArgumentParser
import Foundation
import GateCommands
import Logging
import ParentalGate

/// Answers gatectl's requests on the daemon's sockets: the typed steps of a child's commands
/// and the terminal gate, on either socket; an admin's typed operations and command lines, on
/// the admin socket only. No file a command names is read or written here. The gate socket
/// thus takes only what a child may do, for the profiles the caller may use.
struct RemoteHandler: Sendable {
    let gate: Gate
    let databasePath: String
    let access: GateSocketAccess
    let logger: Logger

    /// The response to the request `message`, from `peer` on `socket`; logged in one line
    /// (what ran, never its arguments: they can hold answers and tokens).
    func respond(to message: Data, from peer: Peer, on socket: DaemonSocket) async -> Data {
        let started = ContinuousClock.now
        let user = peer.user
        // Everything this request writes is recorded as the kernel's account's; on the gate
        // socket, the gate itself refuses a profile the account may not use.
        var gate = gate.acting(for: user)
        if socket == .gate, let refusal = access.refusal(for: user) { gate = gate.limited(refusal) }
        let response: RemoteResponse
        let what: String
        do {
            let request = try JSONDecoder().decode(RemoteRequest.self, from: message)
            switch request {
            case .run(let run): what = Self.commandPath(run.arguments)
            case .admin(let operation): what = operation.command
            case .gate(let step): what = Self.stepName(step)
            }
            if !request.isAllowed(on: socket) {
                response = .failed(
                    status: ExitCode.notPermitted.rawValue,
                    message: "'\(what)' is not allowed on the gate socket, which takes only challenge begin, answer and cancel, status, session check, ask request and ask check: use the admin socket")
            } else {
                switch request {
                case .run(let run): response = .ran(await self.run(run, gate: gate, user: user))
                case .admin(let operation): response = await Self.perform(operation.operation, gate: gate, caller: user)
                case .gate(let step): response = await self.step(step, gate: gate)
                }
            }
        } catch {
            what = "unreadable request"
            response = .failed(status: ExitCode.usage.rawValue, message: "the request is not one this daemon understands")
        }
        let status: Int32 = switch response {
        case .ran(let outcome): outcome.status
        case .failed(let status, _): status
        default: 0
        }
        logger.info("request", metadata: [
            "id": "\(UUID().uuidString.prefix(8).lowercased())", "socket": "\(socket.rawValue)", "user": "\(user)",
            "uid": "\(peer.uid)", "command": "\(what)", "status": "\(status)",
            "ms": "\(Self.milliseconds(since: started))",
        ])
        return (try? JSONEncoder().encode(response)) ?? Data()
    }

    // MARK: - Command lines

    private func run(_ run: RemoteRun, gate: Gate, user: String) async -> RemoteOutcome {
        let console = Console.capture()
        let context = CommandContext(
            console: console, gate: gate, databasePath: databasePath, caller: user,
            timeZone: run.timeZone.flatMap(TimeZone.init(identifier:)))
        let status: Int32 = await CommandContext.$current.withValue(context) {
            switch CommandRunner.parse(run.arguments) {
            case .failure(let failure):
                return CommandRunner.report(failure)
            case .success(let command):
                if let refusal = refusal(of: command, arguments: run.arguments) {
                    return CommandRunner.report(refusal)
                }
                return await CommandRunner.run(command)
            }
        }
        let (output, errors) = console.captured
        return RemoteOutcome(status: status, output: output, errors: errors)
    }

    /// The result of an admin command's operation, or its failure in gatectl's words.
    private static func perform(_ operation: some GateOperation, gate: Gate, caller: String) async -> RemoteResponse {
        do {
            return .result(try JSONEncoder().encode(try await operation.perform(on: gate, caller: caller)))
        } catch {
            let failure = CommandRunner.failure(of: error)
            return .failed(status: failure.status, message: failure.message ?? "failed")
        }
    }

    /// Why `command` may not run in the daemon, if it may not.
    private func refusal(of command: any ParsableCommand, arguments: [String]) -> CommandFailure? {
        let name = Self.commandPath(arguments)
        if let global = (command as? any GlobalCommand)?.global, global.database != nil {
            return CommandFailure(status: ExitCode.usage.rawValue, message: "--database cannot be used through the daemon's socket: the daemon keeps its own database")
        }
        // A command that names files runs in gatectl, which reads and writes them: here it would
        // read and write the daemon's own files, as the daemon's account.
        if !(command is any GlobalCommand) || command is any TerminalCommand || command is any OperationCommand {
            return CommandFailure(status: ExitCode.usage.rawValue, message: "'\(name)' cannot run through the daemon's socket")
        }
        return nil
    }

    // MARK: - The terminal gate

    private func step(_ step: GateStep, gate: Gate) async -> RemoteResponse {
        let session = LocalGateSession(gate: gate)
        do {
            switch step {
            case .profile(let name):
                let profile = try await session.profile(named: name)
                return .profile(name: profile.name, locale: profile.locale.identifier)
            case .begin(let profile, let client):
                return .begun(try await session.begin(profile: profile, client: client))
            case .answer(let id, let value, let client):
                return .answered(try await session.answer(challenge: try Self.challenge(id), value: value, client: client))
            case .cancel(let id, let client):
                return .answered(try await session.cancel(challenge: try Self.challenge(id), client: client))
            case .state(let profile):
                let (name, state) = try await session.status(profile: profile)
                return .state(profile: name, state: state)
            case .session(let token):
                return .session(try await session.session(token: token))
            case .ask(let profile, let client):
                return .asked(try await session.ask(profile: profile, client: client))
            case .checkRequest(let handle):
                return .requestChecked(try await session.checkRequest(handle: handle))
            }
        } catch {
            let failure = CommandRunner.failure(of: error)
            return .failed(status: failure.status, message: failure.message ?? "failed")
        }
    }

    private static func challenge(_ id: String) throws -> ChallengeID {
        guard let challenge = ChallengeID(id) else { throw GateError.notFound("no challenge with id '\(id.escapedForMessage)'") }
        return challenge
    }

    // MARK: - Words for the log

    /// The command's words (`profile add`), without its arguments; `?` for a word that is not
    /// a command's (it could be anything, a token too).
    static func commandPath(_ arguments: [String]) -> String {
        let groups: Set<String> = ["profile", "policy", "challenge", "session", "questions", "audit", "notify", "db", "ask"]
        let commands = groups.union(["status", "unlock", "gate", "serve"])
        guard let first = arguments.first, commands.contains(first) else { return "?" }
        guard groups.contains(first), arguments.count > 1 else { return first }
        let second = arguments[1]
        let isWord = (1...12).contains(second.count) && second.allSatisfy { ("a"..."z").contains($0) }
        return first + " " + (isWord ? second : "?")
    }

    /// The command a step is the operation of.
    private static func stepName(_ step: GateStep) -> String {
        switch step {
        case .profile: "gate profile"
        case .begin: "challenge begin"
        case .answer: "challenge answer"
        case .cancel: "challenge cancel"
        case .state: "status"
        case .session: "session check"
        case .ask: "ask request"
        case .checkRequest: "ask check"
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
