import Foundation

/// The gate rules in force for a profile: every field of SPEC.md's policy table.
public struct Policy: Hashable, Sendable {
    public var answerFormat: AnswerFormat
    public var choiceCount: Int
    public var difficulty: Difficulty
    public var questionSource: QuestionSource
    public var maxWrongAnswers: Int
    public var timeLimit: Duration
    public var minResponseTime: Duration
    public var maxFailedChallenges: Int
    public var failureWindow: Duration
    public var lockout: Duration
    public var lockoutGrowth: Double
    public var maxLockout: Duration
    public var hardLockAfter: Int
    public var parentSession: Duration
    public var auditRetention: Duration
    /// Whether a child may ask a parent instead of answering.
    public var askParent: Bool
    public var askExpiry: Duration
    public var askCooldown: Duration

    /// The built-in defaults of SPEC.md.
    public static let `default` = Policy(
        answerFormat: .entry, choiceCount: 4, difficulty: .standard, questionSource: .arithmetic,
        maxWrongAnswers: 1, timeLimit: .seconds(30), minResponseTime: .milliseconds(1500),
        maxFailedChallenges: 3, failureWindow: .seconds(12 * 3600), lockout: .seconds(5 * 60),
        lockoutGrowth: 2.0, maxLockout: .seconds(24 * 3600), hardLockAfter: 0,
        parentSession: .seconds(10 * 60), auditRetention: .seconds(365 * 86_400),
        askParent: true, askExpiry: .seconds(10 * 60), askCooldown: .seconds(60)
    )

    /// The value of `field`.
    public subscript(field: PolicyField) -> PolicyValue {
        switch field {
        case .answerFormat: .answerFormat(answerFormat)
        case .choiceCount: .count(choiceCount)
        case .difficulty: .difficulty(difficulty)
        case .questionSource: .questionSource(questionSource)
        case .maxWrongAnswers: .count(maxWrongAnswers)
        case .timeLimit: .duration(timeLimit)
        case .minResponseTime: .duration(minResponseTime)
        case .maxFailedChallenges: .count(maxFailedChallenges)
        case .failureWindow: .duration(failureWindow)
        case .lockout: .duration(lockout)
        case .lockoutGrowth: .factor(lockoutGrowth)
        case .maxLockout: .duration(maxLockout)
        case .hardLockAfter: .count(hardLockAfter)
        case .parentSession: .duration(parentSession)
        case .auditRetention: .duration(auditRetention)
        case .askParent: .permission(askParent)
        case .askExpiry: .duration(askExpiry)
        case .askCooldown: .duration(askCooldown)
        }
    }

    /// This policy with `field` set to `value`, which must be of the field's kind and range.
    public func setting(_ field: PolicyField, to value: PolicyValue) throws(GateInputError) -> Policy {
        try field.validate(value)
        var policy = self
        switch (field, value) {
        case (.answerFormat, .answerFormat(let format)): policy.answerFormat = format
        case (.difficulty, .difficulty(let difficulty)): policy.difficulty = difficulty
        case (.questionSource, .questionSource(let source)): policy.questionSource = source
        case (.choiceCount, .count(let count)): policy.choiceCount = count
        case (.maxWrongAnswers, .count(let count)): policy.maxWrongAnswers = count
        case (.maxFailedChallenges, .count(let count)): policy.maxFailedChallenges = count
        case (.hardLockAfter, .count(let count)): policy.hardLockAfter = count
        case (.timeLimit, .duration(let duration)): policy.timeLimit = duration
        case (.minResponseTime, .duration(let duration)): policy.minResponseTime = duration
        case (.failureWindow, .duration(let duration)): policy.failureWindow = duration
        case (.lockout, .duration(let duration)): policy.lockout = duration
        case (.maxLockout, .duration(let duration)): policy.maxLockout = duration
        case (.parentSession, .duration(let duration)): policy.parentSession = duration
        case (.auditRetention, .duration(let duration)): policy.auditRetention = duration
        case (.lockoutGrowth, .factor(let factor)): policy.lockoutGrowth = factor
        case (.askParent, .permission(let allowed)): policy.askParent = allowed
        case (.askExpiry, .duration(let duration)): policy.askExpiry = duration
        case (.askCooldown, .duration(let duration)): policy.askCooldown = duration
        default: throw .malformedValue(field: field, text: value.description, expected: field.allowedValues)
        }
        return policy
    }

    /// Checks the rules between fields: a child must be able to answer in time, a `choice`
    /// challenge must give fewer tries than it shows options (`choiceCount`, and
    /// `fewestOwnChoices`, the fewest own choices of a stored question the source may ask),
    /// and the first lockout may not exceed the cap.
    public func validateConsistency(fewestOwnChoices: Int? = nil) throws(GateInputError) {
        if minResponseTime >= timeLimit {
            throw .inconsistentPolicy(
                "minResponseTime \(DurationText.format(minResponseTime)) must be shorter than timeLimit \(DurationText.format(timeLimit))")
        }
        if answerFormat == .choice && maxWrongAnswers >= choiceCount {
            throw .inconsistentPolicy(
                "maxWrongAnswers \(maxWrongAnswers) must be fewer than choiceCount \(choiceCount), or every challenge can be passed by trying each option")
        }
        if answerFormat == .choice, let fewest = fewestOwnChoices, maxWrongAnswers >= fewest {
            throw .inconsistentPolicy(
                "maxWrongAnswers \(maxWrongAnswers) must be fewer than the \(fewest) choices of a question \(questionSource) asks, or trying each of them would always pass")
        }
        if lockout > maxLockout {
            throw .inconsistentPolicy(
                "lockout \(DurationText.format(lockout)) must not exceed maxLockout \(DurationText.format(maxLockout))")
        }
    }
}
