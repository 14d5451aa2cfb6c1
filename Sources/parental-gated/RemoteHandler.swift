import GateProgram
import ArgumentParser
import Foundation

import Logging
import ParentalGate

/// Answers gatectl's requests on the daemon's sockets, each a typed operation: the steps of a
/// child's commands and the terminal gate, on either socket; an admin command's operations, on
/// the admin socket only. No command line is parsed and no file a command names is read or
/// written here. The gate socket thus takes only what a child may do, for the profiles the
/// caller may use.
struct RemoteHandler: Sendable {
    let gate: Gate
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
        var household = gate.household
        do {
            var request = try JSONDecoder().decode(RemoteRequest.self, from: message)
            if case .household(let name, let inner) = request {
                request = inner
                // Adding, listing or moving households is done from wherever the caller stands.
                if case .admin(let operation) = inner, operation.managesHouseholds {} else { household = name }
            }
            switch request {
            case .admin(let operation): what = operation.command
            case .gate(let step): what = Self.stepName(step)
            case .household: throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a household within a household"))
            }
            // Another household's gate, on the admin socket only (the gate socket serves the daemon's own).
            let other: Result<Gate, CommandFailure>? = if household == gate.household {
                nil
            } else if socket != .admin {
                .failure(CommandFailure(
                    status: ExitCode.notPermitted.rawValue,
                    message: "the gate socket serves the household '\(gate.household)' only: another household is the admin socket's"))
            } else {
                await Self.gate(gate, in: household)
            }
            if case .failure(let failure) = other {
                response = .failed(status: failure.status, message: failure.message ?? "failed")
            } else if !request.isAllowed(on: socket) {
                response = .failed(
                    status: ExitCode.notPermitted.rawValue,
                    message: "'\(what)' is not allowed on the gate socket, which takes only challenge begin, answer and cancel, status, session check, ask request and ask check, gate --code and a gate's hold: use the admin socket")
            } else {
                if case .success(let other) = other { gate = other }
                switch request {
                case .admin(let operation): response = await Self.perform(operation.operation, gate: gate, caller: user)
                case .gate(let step): response = await self.step(step, gate: gate)
                case .household: response = .failed(status: ExitCode.usage.rawValue, message: "a household within a household")
                }
            }
        } catch {
            what = "unreadable request"
            response = .failed(status: ExitCode.usage.rawValue, message: "the request is not one this daemon understands")
        }
        let status: Int32 = if case .failed(let status, _) = response { status } else { 0 }
        logger.info("request", metadata: [
            "id": "\(UUID().uuidString.prefix(8).lowercased())", "socket": "\(socket.rawValue)", "user": "\(user)",
            "uid": "\(peer.uid)", "household": "\(household)", "command": "\(what)", "status": "\(status)",
            "ms": "\(Self.milliseconds(since: started))",
        ])
        return (try? JSONEncoder().encode(response)) ?? Data()
    }

    // MARK: - Operations

    /// `gate`'s database as household `name`'s, or why not in gatectl's words.
    private static func gate(_ gate: Gate, in name: String) async -> Result<Gate, CommandFailure> {
        do {
            return .success(try await gate.inHousehold(name))
        } catch {
            return .failure(CommandFailure(of: error, root: ParentalGated.self))
        }
    }

    /// The result of an admin command's operation, or its failure in gatectl's words.
    private static func perform(_ operation: some GateOperation, gate: Gate, caller: String) async -> RemoteResponse {
        do {
            return .result(String(decoding: try JSONEncoder().encode(try await operation.perform(on: gate, caller: caller)), as: UTF8.self))
        } catch {
            let failure = CommandFailure(of: error, root: ParentalGated.self)
            return .failed(status: failure.status, message: failure.message ?? "failed")
        }
    }

    // MARK: - The terminal gate

    private func step(_ step: GateStep, gate: Gate) async -> RemoteResponse {
        let session = LocalGateSession(gate: gate)
        do {
            switch step {
            case .profile(let name):
                let profile = try await session.profile(named: name)
                return .profile(name: profile.name, locale: profile.locale.identifier)
            case .begin(let profile, let client, let still):
                return .begun(try await session.begin(profile: profile, client: client, still: still ?? false))
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
            case .parentCode(let profile, let code, let client):
                return .parentCodeEntered(try await session.enterParentCode(profile: profile, code: code, client: client))
            case .hold(let id, let press, let client):
                return .stepped(try await session.hold(challenge: try Self.challenge(id), press: press, client: client))
            }
        } catch {
            let failure = CommandFailure(of: error, root: ParentalGated.self)
            return .failed(status: failure.status, message: failure.message ?? "failed")
        }
    }

    private static func challenge(_ id: String) throws -> ChallengeID {
        guard let challenge = ChallengeID(id) else { throw GateError.notFound(.challenge(id)) }
        return challenge
    }

    // MARK: - Words for the log

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
        case .parentCode: "gate --code"
        case .hold: "gate hold"
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
