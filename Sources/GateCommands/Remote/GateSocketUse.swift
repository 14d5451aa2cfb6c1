import ArgumentParser

/// What a command does through the gate socket, which every local account can reach: only
/// what a child may do (begin, answer, cancel, look at the state, check a session).
package enum GateSocketUse: Equatable, Sendable {
    /// A child's command about this profile.
    case profile(String)
    /// A child's command about this challenge; the daemon checks whose it is.
    case challenge(String)
    /// Checking a session token: the token is the secret.
    case session
    /// Looking at a request to a parent by its handle; the daemon checks whose profile it is.
    case request(String)

    /// What `command` does through the gate socket; `nil` when only the admin socket allows it.
    package init?(_ command: any ParsableCommand) {
        switch command {
        case let begin as GateCtl.Challenge.Begin: self = .profile(begin.name)
        case let answer as GateCtl.Challenge.Answer: self = .challenge(answer.id)
        case let cancel as GateCtl.Challenge.Cancel: self = .challenge(cancel.id)
        case let status as GateCtl.Status: self = .profile(status.name)
        case is GateCtl.Session.Check: self = .session
        case let ask as GateCtl.Ask.Request: self = .profile(ask.name)
        case let check as GateCtl.Ask.Check: self = .request(check.handle)
        default: return nil
        }
    }

    /// What a step of the terminal gate does.
    package init(_ step: GateStep) {
        switch step {
        case .profile(let name), .begin(let name, _), .checkState(let name): self = .profile(name)
        case .answer(let challenge, _, _), .cancel(let challenge, _): self = .challenge(challenge)
        case .ask(let name, _): self = .profile(name)
        case .checkRequest(let handle): self = .request(handle)
        }
    }
}
