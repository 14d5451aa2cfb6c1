import Foundation

/// One field of the gate policy (SPEC.md's policy table), with its valid values.
public enum PolicyField: String, CaseIterable, Codable, Sendable {
    case answerFormat
    case choiceCount
    case difficulty
    case questionSource
    case maxWrongAnswers
    case timeLimit
    case minResponseTime
    case maxFailedChallenges
    case failureWindow
    case lockout
    case lockoutGrowth
    case maxLockout
    case hardLockAfter
    case parentSession
    case auditRetention
    case askParent
    case askExpiry
    case askCooldown

    /// The kind of value a field holds and the values it accepts.
    public enum Kind: Sendable {
        case answerFormat
        case difficulty
        case questionSource
        case count(ClosedRange<Int>)
        case duration(ClosedRange<Duration>)
        case factor(ClosedRange<Double>)
        /// `allowed` or `off`.
        case permission
    }

    /// What the field accepts. The schema's CHECK constraints state the same ranges.
    public var kind: Kind {
        switch self {
        case .answerFormat: .answerFormat
        case .difficulty: .difficulty
        case .questionSource: .questionSource
        case .choiceCount: .count(2...8)
        case .maxWrongAnswers: .count(1...10)
        case .maxFailedChallenges: .count(1...100)
        case .hardLockAfter: .count(0...100)
        case .timeLimit: .duration(.seconds(5) ... .seconds(600))
        case .minResponseTime: .duration(.zero ... .seconds(10))
        case .failureWindow: .duration(.seconds(60) ... .seconds(30 * 86_400))
        case .lockout: .duration(.seconds(1) ... .seconds(7 * 86_400))
        case .maxLockout: .duration(.seconds(1) ... .seconds(30 * 86_400))
        case .parentSession: .duration(.seconds(10) ... .seconds(86_400))
        case .auditRetention: .duration(.seconds(86_400) ... .seconds(3650 * 86_400))
        case .lockoutGrowth: .factor(1.0...10.0)
        case .askParent: .permission
        case .askExpiry: .duration(.seconds(60) ... .seconds(86_400))
        case .askCooldown: .duration(.zero ... .seconds(3600))
        }
    }

    /// One sentence on what the field means.
    public var summary: String {
        switch self {
        case .answerFormat: "entry (type a number) or choice (pick one of choiceCount options)"
        case .choiceCount: "options shown when answerFormat is choice"
        case .difficulty: "arithmetic difficulty: easy, standard or hard"
        case .questionSource: "arithmetic, questionSet:<name>, or mixed"
        case .maxWrongAnswers: "wrong answers that end one challenge as failed"
        case .timeLimit: "a challenge answered later than this has failed (timed out)"
        case .minResponseTime: "an answer faster than this counts as wrong (too fast)"
        case .maxFailedChallenges: "failed challenges in a row that start a lockout"
        case .failureWindow: "quiet period after which failures in a row count from zero again"
        case .lockout: "length of the first lockout"
        case .lockoutGrowth: "each further lockout is this many times longer"
        case .maxLockout: "the longest a lockout grows to"
        case .hardLockAfter: "lockouts in a row after which only an adult's unlock opens the gate (0 = never)"
        case .parentSession: "how long parent mode lasts after a pass"
        case .auditRetention: "how long audit records are kept before prune may drop them"
        case .askParent: "whether a child may ask a parent instead of answering: allowed or off"
        case .askExpiry: "how long a request to a parent, and its approval links, stay open"
        case .askCooldown: "after a request ended, how long until the profile may ask again"
        }
    }

    /// The values the field accepts, in words.
    public var allowedValues: String {
        switch kind {
        case .answerFormat: AnswerFormat.allCases.map(\.rawValue).joined(separator: ", ")
        case .difficulty: Difficulty.allCases.map(\.rawValue).joined(separator: ", ")
        case .questionSource: "arithmetic, mixed or questionSet:<name>"
        case .count(let range): "\(range.lowerBound)...\(range.upperBound)"
        case .duration(let range): "\(DurationText.format(range.lowerBound))...\(DurationText.format(range.upperBound))"
        case .factor(let range): "\(range.lowerBound)...\(range.upperBound)"
        case .permission: "allowed, off"
        }
    }

    /// Parses `text` as a value of this field and checks its range.
    public func parse(_ text: String) throws(GateInputError) -> PolicyValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value: PolicyValue
        switch kind {
        case .answerFormat:
            guard let format = AnswerFormat(rawValue: trimmed) else {
                throw .malformedValue(field: self, text: text, expected: allowedValues)
            }
            value = .answerFormat(format)
        case .difficulty:
            guard let difficulty = Difficulty(rawValue: trimmed) else {
                throw .malformedValue(field: self, text: text, expected: allowedValues)
            }
            value = .difficulty(difficulty)
        case .questionSource:
            value = .questionSource(try QuestionSource(trimmed))
        case .count:
            guard let count = Int(trimmed) else {
                throw .malformedValue(field: self, text: text, expected: "a whole number, \(allowedValues)")
            }
            value = .count(count)
        case .duration:
            value = .duration(try DurationText.parse(trimmed))
        case .factor:
            guard let factor = Double(trimmed), factor.isFinite else {
                throw .malformedValue(field: self, text: text, expected: "a number, \(allowedValues)")
            }
            value = .factor(factor)
        case .permission:
            switch trimmed {
            case "allowed": value = .permission(true)
            case "off": value = .permission(false)
            default: throw .malformedValue(field: self, text: text, expected: allowedValues)
            }
        }
        try validate(value)
        return value
    }

    /// Checks that `value` is of this field's kind and within its range.
    public func validate(_ value: PolicyValue) throws(GateInputError) {
        switch (kind, value) {
        case (.answerFormat, .answerFormat), (.difficulty, .difficulty), (.permission, .permission):
            return
        case (.questionSource, .questionSource(.questionSet(let name))):
            guard try ProfileName(name, what: "question set name").value == name else {
                throw .malformedValue(field: self, text: value.description, expected: "a trimmed question set name")
            }
        case (.questionSource, .questionSource):
            return
        case (.count(let range), .count(let count)):
            guard range.contains(count) else { throw .outOfRange(field: self, value: String(count), range: allowedValues) }
        case (.duration(let range), .duration(let duration)):
            guard range.contains(duration) else {
                throw .outOfRange(field: self, value: DurationText.format(duration), range: allowedValues)
            }
        case (.factor(let range), .factor(let factor)):
            guard range.contains(factor) else { throw .outOfRange(field: self, value: String(factor), range: allowedValues) }
        default:
            throw .malformedValue(field: self, text: value.description, expected: allowedValues)
        }
    }
}
