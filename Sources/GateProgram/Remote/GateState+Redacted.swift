import ParentalGate

extension GateState {
    /// The state as `status` may tell it to any account the gate socket serves: an open
    /// challenge's id replaced by zeros, an id no challenge has (whoever learns the real one can
    /// answer or cancel the challenge).
    var withoutChallengeID: GateState {
        guard case .verifying(var challenge) = self, let hidden = ChallengeID(String(repeating: "0", count: 32)) else { return self }
        challenge.id = hidden
        return .verifying(challenge)
    }
}
