import Foundation
import ParentalGate

/// What the terminal gate and a child's commands (``SessionCommand``) need of a gate: this
/// process's own, or the daemon's over its socket, one typed ``GateStep`` a call.
package protocol GateSession: Sendable {
    /// The profile's name as stored, and the locale the gate speaks to it in (``Gate/strings(for:)``).
    func profile(named name: String) async throws -> (name: String, locale: LocaleTag)
    /// Begins a challenge; `still` shows a `drag` challenge's options as `choice` (a terminal cannot draw moving balls).
    func begin(profile: String, client: String, still: Bool) async throws -> BeginResult
    func answer(challenge: ChallengeID, value: Int, client: String) async throws -> AnswerResult
    func cancel(challenge: ChallengeID, client: String) async throws -> AnswerResult
    /// The profile's name as stored and its state (which records a challenge that timed out),
    /// an open challenge's id left out: whoever learns it can answer or cancel the challenge.
    func status(profile: String) async throws -> (name: String, state: GateState)
    /// The live parent session `token` opened, if any.
    func session(token: String) async throws -> SessionCheck?
    /// Asks a parent instead of answering.
    func ask(profile: String, client: String) async throws -> AskResult
    /// Where the request behind `handle` stands.
    func checkRequest(handle: String) async throws -> RequestCheck
    /// Tries `code`, typed as a parent's.
    func enterParentCode(profile: String, code: String, client: String) async throws -> ParentCodeResult
    /// Presses (`press`) or releases a challenge's hold step.
    func hold(challenge: ChallengeID, press: Bool, client: String) async throws -> StepResult
}

/// The terminal gate on a ``Gate`` of this process.
package struct LocalGateSession: GateSession {
    let gate: Gate

    package init(gate: Gate) {
        self.gate = gate
    }

    package func profile(named name: String) async throws -> (name: String, locale: LocaleTag) {
        let profile = try await gate.profile(named: name)
        // The language the gate speaks to the profile: its questions' (with the household default).
        let strings = try await gate.strings(for: profile)
        return (profile.name, (try? LocaleTag(strings.language)) ?? .english)
    }

    package func begin(profile: String, client: String, still: Bool) async throws -> BeginResult {
        try await gate.begin(profile: profile, client: client, still: still)
    }

    package func answer(challenge: ChallengeID, value: Int, client: String) async throws -> AnswerResult {
        try await gate.answer(challenge: challenge, value: value, client: client)
    }

    package func cancel(challenge: ChallengeID, client: String) async throws -> AnswerResult {
        try await gate.cancel(challenge: challenge, client: client)
    }

    package func status(profile: String) async throws -> (name: String, state: GateState) {
        let profile = try await gate.profile(named: profile)
        return (profile.name, try await gate.state(profile: profile.name).withoutChallengeID)
    }

    package func session(token: String) async throws -> SessionCheck? {
        try await gate.session(token: token)
    }

    package func ask(profile: String, client: String) async throws -> AskResult {
        try await gate.askParent(profile: profile, client: client)
    }

    package func checkRequest(handle: String) async throws -> RequestCheck {
        try await gate.parentRequest(handle: handle)
    }

    package func enterParentCode(profile: String, code: String, client: String) async throws -> ParentCodeResult {
        try await gate.enterParentCode(profile: profile, code: code, client: client)
    }

    package func hold(challenge: ChallengeID, press: Bool, client: String) async throws -> StepResult {
        press ? try await gate.pressHold(challenge: challenge, client: client) : try await gate.releaseHold(challenge: challenge, client: client)
    }
}
