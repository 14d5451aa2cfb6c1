import Foundation

/// The value of one policy field.
public enum PolicyValue: Hashable, Sendable, CustomStringConvertible {
    case answerFormat(AnswerFormat)
    case difficulty(Difficulty)
    case questionSource(QuestionSource)
    case count(Int)
    case duration(Duration)
    case factor(Double)
    /// `allowed` (true) or `off`.
    case permission(Bool)
    case quietHours(QuietHours)
    /// An IANA time zone name, or `local`.
    case timeZone(String)
    case step(StepKind)

    /// The canonical text of the value, as `policy set` accepts it and history records it.
    public var description: String {
        switch self {
        case .answerFormat(let format): format.rawValue
        case .difficulty(let difficulty): difficulty.rawValue
        case .questionSource(let source): source.description
        case .count(let count): String(count)
        case .duration(let duration): DurationText.format(duration)
        case .factor(let factor): String(factor)
        case .permission(let allowed): allowed ? "allowed" : "off"
        case .quietHours(let hours): hours.description
        case .timeZone(let name): name
        case .step(let step): step.rawValue
        }
    }
}
