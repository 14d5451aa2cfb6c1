/// The step of a challenge, as issued: what must be done before its question may be answered.
public enum ChallengeStep: Hashable, Sendable {
    /// Press and hold for `holdMs`, timed by the server: a press, then a release.
    case hold(holdMs: Int)
    /// Hold both moving targets at once (``TargetMotion``).
    case twoTargets(TargetMotion)

    public var kind: StepKind {
        switch self {
        case .hold: .hold
        case .twoTargets: .twoTargets
        }
    }
}
