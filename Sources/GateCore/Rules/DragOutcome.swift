/// What the gate answers to a drag: why it was refused (when it counted as a wrong answer for
/// that), and the answer's outcome.
public struct DragOutcome: Hashable, Sendable {
    public var refusal: DragRefusal?
    public var outcome: ChallengeOutcome

    public init(refusal: DragRefusal?, outcome: ChallengeOutcome) {
        self.refusal = refusal
        self.outcome = outcome
    }
}
