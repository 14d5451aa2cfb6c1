import Foundation
import ParentalGate

/// What `gatectl` asks the daemon over its socket.
package enum RemoteRequest: Codable, Sendable {
    /// An admin command's operation.
    case admin(AdminRequest)
    /// One step of the terminal gate (`gatectl gate`), which runs in gatectl.
    case gate(GateStep)
    /// `request`, for household `name` (`gatectl --household NAME`) rather than the daemon's own.
    indirect case household(name: String, request: RemoteRequest)
}

/// One operation of a child's commands and the terminal gate, typed: all the gate socket
/// takes (``SessionCommand``).
package enum GateStep: Codable, Sendable {
    case profile(name: String)
    /// `still`: a `drag` challenge's options as `choice` (absent from an older gatectl: moving).
    case begin(profile: String, client: String, still: Bool?)
    case answer(challenge: String, value: Int, client: String)
    case cancel(challenge: String, client: String)
    /// The profile's name as stored and its state, an open challenge's id left out.
    case state(profile: String)
    /// The live parent session a token opened, if any.
    case session(token: String)
    /// Ask a parent instead of answering.
    case ask(profile: String, client: String)
    /// Where the request behind a handle stands.
    case checkRequest(handle: String)
    /// A code typed as a parent's.
    case parentCode(profile: String, code: String, client: String)
    /// A hold step's press (`press`) or release.
    case hold(challenge: String, press: Bool, client: String)
}

/// What the daemon answers.
package enum RemoteResponse: Codable, Sendable {
    case profile(name: String, locale: String)
    case begun(BeginResult)
    case answered(AnswerResult)
    case state(profile: String, state: GateState)
    case session(SessionCheck?)
    case asked(AskResult)
    case requestChecked(RequestCheck)
    case parentCodeEntered(ParentCodeResult)
    case stepped(StepResult)
    /// An admin operation's result, as JSON text (not bytes, which would be Base64 again).
    case result(String)
    /// Refused or failed: gatectl's exit status and its one-line message.
    case failed(status: Int32, message: String)
}
