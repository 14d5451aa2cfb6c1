import Foundation
import GateProgram
import ParentalGate

/// The terminal gate on the daemon's gate, over a socket.
struct RemoteGateSession: GateSession {
    let connection: DaemonConnection

    func profile(named name: String) async throws -> (name: String, locale: LocaleTag) {
        guard case .profile(let name, let locale) = try connection.send(.gate(.profile(name: name))),
              let tag = try? LocaleTag(locale)
        else { throw Self.unexpected }
        return (name, tag)
    }

    func begin(profile: String, client: String, still: Bool) async throws -> BeginResult {
        guard case .begun(let result) = try connection.send(.gate(.begin(profile: profile, client: client, still: still))) else {
            throw Self.unexpected
        }
        return result
    }

    func answer(challenge: ChallengeID, value: Int, client: String) async throws -> AnswerResult {
        let response = try connection.send(.gate(.answer(challenge: challenge.description, value: value, client: client)))
        guard case .answered(let result) = response else { throw Self.unexpected }
        return result
    }

    func cancel(challenge: ChallengeID, client: String) async throws -> AnswerResult {
        guard case .answered(let result) = try connection.send(.gate(.cancel(challenge: challenge.description, client: client))) else {
            throw Self.unexpected
        }
        return result
    }

    func status(profile: String) async throws -> (name: String, state: GateState) {
        guard case .state(let name, let state) = try connection.send(.gate(.state(profile: profile))) else { throw Self.unexpected }
        return (name, state)
    }

    func session(token: String) async throws -> SessionCheck? {
        guard case .session(let check) = try connection.send(.gate(.session(token: token))) else { throw Self.unexpected }
        return check
    }

    func ask(profile: String, client: String) async throws -> AskResult {
        guard case .asked(let result) = try connection.send(.gate(.ask(profile: profile, client: client))) else { throw Self.unexpected }
        return result
    }

    func checkRequest(handle: String) async throws -> RequestCheck {
        guard case .requestChecked(let check) = try connection.send(.gate(.checkRequest(handle: handle))) else { throw Self.unexpected }
        return check
    }

    func enterParentCode(profile: String, code: String, client: String) async throws -> ParentCodeResult {
        let response = try connection.send(.gate(.parentCode(profile: profile, code: code, client: client)))
        guard case .parentCodeEntered(let result) = response else { throw Self.unexpected }
        return result
    }

    func hold(challenge: ChallengeID, press: Bool, client: String) async throws -> StepResult {
        let response = try connection.send(.gate(.hold(challenge: challenge.description, press: press, client: client)))
        guard case .stepped(let result) = response else { throw Self.unexpected }
        return result
    }

    private static let unexpected = CommandError.unavailable("the daemon gave an answer this gatectl does not understand")
}
