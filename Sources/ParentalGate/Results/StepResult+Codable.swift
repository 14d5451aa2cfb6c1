import Foundation
import GateCore

/// A step's result as JSON: `{"result": "pressed", "until"}`, `{"result": "stepDone"}`, or an
/// answer's result (``AnswerResult``), for a refused step with `refused` (``StepRefusal``'s
/// word) and `why`.
extension StepResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case result, until, refused, why
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .pressed(let until):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("pressed", forKey: .result)
            try container.encode(until, forKey: .until)
        case .done:
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("stepDone", forKey: .result)
        case .refused(let refusal, let result):
            try result.encode(to: encoder, hidingToken: false)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(refusal, forKey: .refused)
            try container.encode(refusal.description, forKey: .why)
        case .ended(let result):
            try result.encode(to: encoder, hidingToken: false)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "pressed": self = .pressed(until: try container.decode(Date.self, forKey: .until))
        case "stepDone": self = .done
        default:
            let result = try AnswerResult(from: decoder)
            self = try container.decodeIfPresent(StepRefusal.self, forKey: .refused).map { .refused($0, result) } ?? .ended(result)
        }
    }
}
