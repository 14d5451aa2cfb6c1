import Foundation
import GateCore
import ParentalGate

/// The result of `challenge begin`, `challenge answer`, `challenge cancel`, a drag and a parent's code in `gatectl
/// --json` output and the HTTP API: the result's own JSON (``BeginResult`` and
/// ``AnswerResult`` are `Codable` in this shape), a pass's token left out when the gate page
/// sets it as a cookie.
public struct ResultJSON: Encodable, Sendable {
    private enum Result: Sendable {
        case begin(BeginResult)
        case answer(AnswerResult)
        case parentCode(ParentCodeResult)
        case drag(DragResult)
        case step(StepResult)
    }

    private let result: Result
    /// A pass's token is not in the JSON (the page's cookie carries it).
    public var hidesToken = false

    public init(_ result: BeginResult) {
        self.result = .begin(result)
    }

    public init(_ result: AnswerResult) {
        self.result = .answer(result)
    }

    public init(_ result: ParentCodeResult) {
        self.result = .parentCode(result)
    }

    public init(_ result: DragResult) {
        self.result = .drag(result)
    }

    public init(_ result: StepResult) {
        self.result = .step(result)
    }

    public func encode(to encoder: any Encoder) throws {
        switch result {
        case .begin(let result): try result.encode(to: encoder)
        case .answer(let result): try result.encode(to: encoder, hidingToken: hidesToken)
        case .parentCode(let result): try result.encode(to: encoder, hidingToken: hidesToken)
        case .drag(let result): try result.encode(to: encoder, hidingToken: hidesToken)
        case .step(let result): try result.encode(to: encoder)
        }
    }
}
