import Foundation

/// What the gate answers to a step.
public enum StepOutcome: Hashable, Sendable {
    /// `hold` pressed: a release at or after `until` passes the step.
    case pressed(until: Date)
    /// The step is passed: the question may now be answered.
    case done
    /// The step was refused and counted as a wrong answer, with what followed.
    case refused(StepRefusal, ChallengeOutcome)
    /// Nothing was tried: the challenge had ended or timed out, or the profile is disabled.
    case ended(ChallengeOutcome)
}
