import Foundation
import GateCore

/// What a step gives (``Gate/pressHold(challenge:client:)``, ``Gate/releaseHold(challenge:client:)``,
/// ``Gate/holdTargets(challenge:report:client:)``).
public enum StepResult: Hashable, Sendable {
    /// The hold is pressed: a release at or after `until` passes the step.
    case pressed(until: Date)
    /// The step is passed: answer the question now.
    case done
    /// The step was refused and counted as a wrong answer, with what followed.
    case refused(StepRefusal, AnswerResult)
    /// Nothing was tried: the challenge had ended or timed out, or the profile is disabled.
    case ended(AnswerResult)
}
