import Foundation

/// The gate rules in force for a profile: every field of SPEC.md's policy table.
public struct Policy: Hashable, Sendable, Codable {
    // Each field's initial value is its default (SPEC.md); the rest of a field is declared
    // in `PolicyField.declaration`.
    public var answerFormat: AnswerFormat = .entry
    public var choiceCount = 4
    public var difficulty: Difficulty = .standard
    public var questionSource: QuestionSource = .arithmetic
    public var maxWrongAnswers = 1
    public var timeLimit: Duration = .seconds(30)
    public var minResponseTime: Duration = .milliseconds(1500)
    public var maxFailedChallenges = 3
    public var failureWindow: Duration = .seconds(12 * 3600)
    public var lockout: Duration = .seconds(5 * 60)
    public var lockoutGrowth = 2.0
    public var maxLockout: Duration = .seconds(24 * 3600)
    public var hardLockAfter = 0
    public var parentSession: Duration = .seconds(10 * 60)
    public var auditRetention: Duration = .seconds(365 * 86_400)
    /// Whether a child may ask a parent instead of answering.
    public var askParent = true
    public var askExpiry: Duration = .seconds(10 * 60)
    public var askCooldown: Duration = .seconds(60)
    /// Weekly windows in which answering cannot open the gate.
    public var quietHours: QuietHours = .none
    /// The zone quiet hours are read in: an IANA name, or `local` (this machine's).
    public var timeZone = "local"
    /// The longest parent mode an approval opens.
    public var maxApproval: Duration = .seconds(12 * 3600)
    // The drag gate's, HTKUltimateParentalGate's values.
    public var dragBallSize = 44
    public var dragMinSpeed = 75
    public var dragMaxSpeed = 199
    public var dragBoxSize = 50
    public var dragFirstTouch: Duration = .milliseconds(250)
    /// What comes before the question: nothing, a hold, or MKParentalGate's two targets.
    public var step: StepKind = .none
    public var holdTime: Duration = .seconds(3)

    /// The built-in defaults of SPEC.md.
    public static let `default` = Policy()

    private init() {}

    /// The value of `field`.
    public subscript(field: PolicyField) -> PolicyValue {
        switch field.declaration.storage {
        case .answerFormat(let path): .answerFormat(self[keyPath: path()])
        case .difficulty(let path): .difficulty(self[keyPath: path()])
        case .questionSource(let path): .questionSource(self[keyPath: path()])
        case .count(let path, _): .count(self[keyPath: path()])
        case .duration(let path, _): .duration(self[keyPath: path()])
        case .factor(let path, _): .factor(self[keyPath: path()])
        case .permission(let path): .permission(self[keyPath: path()])
        case .quietHours(let path): .quietHours(self[keyPath: path()])
        case .timeZone(let path): .timeZone(self[keyPath: path()])
        case .step(let path): .step(self[keyPath: path()])
        }
    }

    /// This policy with `field` set to `value`, which must be of the field's kind and range.
    public func setting(_ field: PolicyField, to value: PolicyValue) throws(GateInputError) -> Policy {
        try field.validate(value)
        var policy = self
        switch (field.declaration.storage, value) {
        case (.answerFormat(let path), .answerFormat(let format)): policy[keyPath: path()] = format
        case (.difficulty(let path), .difficulty(let difficulty)): policy[keyPath: path()] = difficulty
        case (.questionSource(let path), .questionSource(let source)): policy[keyPath: path()] = source
        case (.count(let path, _), .count(let count)): policy[keyPath: path()] = count
        case (.duration(let path, _), .duration(let duration)): policy[keyPath: path()] = duration
        case (.factor(let path, _), .factor(let factor)): policy[keyPath: path()] = factor
        case (.permission(let path), .permission(let allowed)): policy[keyPath: path()] = allowed
        case (.quietHours(let path), .quietHours(let hours)): policy[keyPath: path()] = hours
        case (.timeZone(let path), .timeZone(let name)): policy[keyPath: path()] = name
        case (.step(let path), .step(let step)): policy[keyPath: path()] = step
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
        if answerFormat != .entry && maxWrongAnswers >= choiceCount {
            throw .inconsistentPolicy(
                "maxWrongAnswers \(maxWrongAnswers) must be fewer than choiceCount \(choiceCount), or every challenge can be passed by trying each option")
        }
        if answerFormat != .entry, let fewest = fewestOwnChoices, maxWrongAnswers >= fewest {
            throw .inconsistentPolicy(
                "maxWrongAnswers \(maxWrongAnswers) must be fewer than the \(fewest) choices of a question \(questionSource) asks, or trying each of them would always pass")
        }
        if step == .hold && holdTime >= timeLimit {
            throw .inconsistentPolicy(
                "holdTime \(DurationText.format(holdTime)) must be shorter than timeLimit \(DurationText.format(timeLimit)), or no hold can be passed in time")
        }
        if (answerFormat == .drag || step == .twoTargets) && dragFirstTouch >= timeLimit {
            throw .inconsistentPolicy(
                "dragFirstTouch \(DurationText.format(dragFirstTouch)) must be shorter than timeLimit \(DurationText.format(timeLimit))")
        }
        if dragMinSpeed > dragMaxSpeed {
            throw .inconsistentPolicy("dragMinSpeed \(dragMinSpeed) must not exceed dragMaxSpeed \(dragMaxSpeed)")
        }
        if lockout > maxLockout {
            throw .inconsistentPolicy(
                "lockout \(DurationText.format(lockout)) must not exceed maxLockout \(DurationText.format(maxLockout))")
        }
    }
}
