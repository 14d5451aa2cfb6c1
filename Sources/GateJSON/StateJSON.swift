import Foundation
import GateCore
import ParentalGate

/// A profile's gate state in `gatectl --json` output and the HTTP API: `profile`, then the
/// state's own JSON (``GateState`` is `Codable` in this shape).
public struct StateJSON: Encodable, Sendable {
    private enum CodingKeys: String, CodingKey {
        case profile
    }

    public var profile: String
    public var state: GateState
    /// An open challenge's id is shown only with `showingChallengeID` (`profile show`, a
    /// parent's command): `status` is open to every account the gate socket serves, and the
    /// HTTP API's state to every client.
    public var showingChallengeID: Bool

    public init(profile: String, state: GateState, showingChallengeID: Bool = false) {
        self.profile = profile
        self.state = state
        self.showingChallengeID = showingChallengeID
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profile, forKey: .profile)
        try state.encode(to: encoder, hidingChallengeID: !showingChallengeID)
    }
}
