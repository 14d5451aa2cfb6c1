import GateCore

/// What ``Gate/drag(challenge:report:client:)`` gives: why the drag was refused, when it was
/// (it then counted as a wrong answer), and the answer's result.
public struct DragResult: Hashable, Sendable {
    public var refusal: DragRefusal?
    public var result: AnswerResult

    public init(refusal: DragRefusal?, result: AnswerResult) {
        self.refusal = refusal
        self.result = result
    }
}
