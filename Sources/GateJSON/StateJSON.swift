import Foundation
import GateCore
import ParentalGate

/// A profile's gate state in `gatectl --json` output and the HTTP API.
public struct StateJSON: Encodable, Sendable {
    public var profile: String
    /// `child`, `verifying`, `parent`, `lockedOut`, `hardLocked` or `disabled`.
    public var state: String
    /// When parent mode or the lockout ends.
    public var until: Date?
    public var challenge: ChallengeJSON?

    /// An open challenge's id is shown only with `showingChallengeID` (`profile show`, a
    /// parent's command): `status` is open to every account the gate socket serves.
    public init(profile: String, state: GateState, showingChallengeID: Bool = false) {
        self.profile = profile
        self.state = state.name
        switch state {
        case .parent(let until), .lockedOut(let until): self.until = until
        case .verifying(let challenge): self.challenge = ChallengeJSON(challenge, showingID: showingChallengeID)
        case .child, .hardLocked, .disabled: break
        }
    }
}
