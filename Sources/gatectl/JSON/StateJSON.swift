import Foundation
import ParentalGate

/// A profile's gate state in `--json` output.
struct StateJSON: Encodable {
    var profile: String
    /// `child`, `verifying`, `parent`, `lockedOut`, `hardLocked` or `disabled`.
    var state: String
    /// When parent mode or the lockout ends.
    var until: Date?
    var challenge: ChallengeJSON?

    init(profile: String, state: GateState) {
        self.profile = profile
        self.state = state.name
        switch state {
        case .parent(let until), .lockedOut(let until): self.until = until
        case .verifying(let challenge): self.challenge = ChallengeJSON(challenge)
        case .child, .hardLocked, .disabled: break
        }
    }
}
