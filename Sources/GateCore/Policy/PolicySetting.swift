import Foundation

/// A policy field with the type of its value, for setting it without text:
/// `gate.setPolicy(.lockout, to: .minutes(10))`, `gate.setPolicy(.maxWrongAnswers, to: 2)`.
public struct PolicySetting<Value: Sendable>: Sendable {
    /// The field this setting sets.
    public let field: PolicyField
    private let wrap: @Sendable (Value) -> PolicyValue

    private init(_ field: PolicyField, _ wrap: @escaping @Sendable (Value) -> PolicyValue) {
        self.field = field
        self.wrap = wrap
    }

    /// `value` as this field's value, checked against its range.
    public func value(_ value: Value) throws(GateInputError) -> PolicyValue {
        let wrapped = wrap(value)
        try field.validate(wrapped)
        return wrapped
    }
}

extension PolicySetting where Value == AnswerFormat {
    public static var answerFormat: Self { Self(.answerFormat, PolicyValue.answerFormat) }
}

extension PolicySetting where Value == StepKind {
    public static var step: Self { Self(.step, PolicyValue.step) }
}

extension PolicySetting where Value == Difficulty {
    public static var difficulty: Self { Self(.difficulty, PolicyValue.difficulty) }
}

extension PolicySetting where Value == QuestionSource {
    public static var questionSource: Self { Self(.questionSource, PolicyValue.questionSource) }
}

extension PolicySetting where Value == Int {
    public static var choiceCount: Self { Self(.choiceCount, PolicyValue.count) }
    public static var maxWrongAnswers: Self { Self(.maxWrongAnswers, PolicyValue.count) }
    public static var maxFailedChallenges: Self { Self(.maxFailedChallenges, PolicyValue.count) }
    public static var hardLockAfter: Self { Self(.hardLockAfter, PolicyValue.count) }
    public static var dragBallSize: Self { Self(.dragBallSize, PolicyValue.count) }
    public static var dragMinSpeed: Self { Self(.dragMinSpeed, PolicyValue.count) }
    public static var dragMaxSpeed: Self { Self(.dragMaxSpeed, PolicyValue.count) }
    public static var dragBoxSize: Self { Self(.dragBoxSize, PolicyValue.count) }
}

extension PolicySetting where Value == Bool {
    /// Whether a child may ask a parent (`true`: allowed).
    public static var askParent: Self { Self(.askParent, PolicyValue.permission) }
}

extension PolicySetting where Value == Double {
    public static var lockoutGrowth: Self { Self(.lockoutGrowth, PolicyValue.factor) }
}

extension PolicySetting where Value == QuietHours {
    /// Weekly windows in which answering cannot open the gate (`QuietHours("sun-thu 20:30-07:00")`).
    public static var quietHours: Self { Self(.quietHours, PolicyValue.quietHours) }
}

extension PolicySetting where Value == String {
    /// The zone quiet hours and end-of-day approvals are read in: an IANA name, or `local`.
    public static var timeZone: Self { Self(.timeZone, PolicyValue.timeZone) }
}

extension PolicySetting where Value == Duration {
    /// Durations are kept in whole milliseconds: a finer one is cut to them.
    private init(duration field: PolicyField) {
        self.init(field) { .duration(.milliseconds($0.wholeMilliseconds)) }
    }

    public static var timeLimit: Self { Self(duration: .timeLimit) }
    public static var minResponseTime: Self { Self(duration: .minResponseTime) }
    public static var failureWindow: Self { Self(duration: .failureWindow) }
    public static var lockout: Self { Self(duration: .lockout) }
    public static var maxLockout: Self { Self(duration: .maxLockout) }
    public static var parentSession: Self { Self(duration: .parentSession) }
    public static var auditRetention: Self { Self(duration: .auditRetention) }
    public static var askExpiry: Self { Self(duration: .askExpiry) }
    public static var askCooldown: Self { Self(duration: .askCooldown) }
    public static var maxApproval: Self { Self(duration: .maxApproval) }
    public static var dragFirstTouch: Self { Self(duration: .dragFirstTouch) }
    public static var holdTime: Self { Self(duration: .holdTime) }
}
