import Foundation

/// One field of the gate policy (SPEC.md's policy table), with its valid values.
///
/// Everything about a field is declared once, in ``declaration``: its `Policy` property and
/// range, its column, and what it means. Its value checks, `Policy`'s subscript and setter, the
/// store's column mapping, `gatectl policy set --FIELD`, the JSON and the README's policy table
/// derive from it. The default is the `Policy` property's initial value.
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
    case quietHours
    case timeZone
    case maxApproval
    case dragBallSize
    case dragMinSpeed
    case dragMaxSpeed
    case dragBoxSize
    case dragFirstTouch
    case step
    case holdTime

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
        /// Weekly windows, or `off` (``QuietHours``).
        case quietHours
        /// An IANA time zone (`Europe/Berlin`), or `local`: the machine's.
        case timeZone
        /// What comes before the question (``StepKind``).
        case step
    }

    /// Where a field's value lives in `Policy`, and the values it accepts.
    ///
    /// Each key path comes from a closure: a key path is built on its first use (about 18,000
    /// instructions each, SwiftPM's static runtime), and most commands (`gatectl status`) need
    /// a field's column and range but never its key path.
    enum Storage {
        case answerFormat(() -> WritableKeyPath<Policy, AnswerFormat>)
        case difficulty(() -> WritableKeyPath<Policy, Difficulty>)
        case questionSource(() -> WritableKeyPath<Policy, QuestionSource>)
        case count(() -> WritableKeyPath<Policy, Int>, ClosedRange<Int>)
        case duration(() -> WritableKeyPath<Policy, Duration>, ClosedRange<Duration>)
        case factor(() -> WritableKeyPath<Policy, Double>, ClosedRange<Double>)
        case permission(() -> WritableKeyPath<Policy, Bool>)
        case quietHours(() -> WritableKeyPath<Policy, QuietHours>)
        case timeZone(() -> WritableKeyPath<Policy, String>)
        case step(() -> WritableKeyPath<Policy, StepKind>)
    }

    /// A field's declaration: everything else about it derives from this.
    struct Declaration {
        /// The `Policy` property and the range.
        var storage: Storage
        /// The `policies` column that holds an override (durations in whole milliseconds).
        var column: String
        /// One sentence on what the field means.
        var summary: String
        /// A value as a person writes it, shown in help where the range alone does not tell the format.
        var example: String? = nil

        init(_ storage: Storage, column: String, _ summary: String, example: String? = nil) {
            self.storage = storage
            self.column = column
            self.summary = summary
            self.example = example
        }
    }

    /// The declaration of this field. The schema's CHECK constraints state the same ranges
    /// (`ConstraintTests` holds them to it).
    var declaration: Declaration {
        switch self {
        case .answerFormat:
            Declaration(.answerFormat({ \.answerFormat }), column: "answer_format",
                        "entry (type a number), choice (pick one of choiceCount options) or drag (drag the ball carrying the answer into a box)")
        case .choiceCount:
            Declaration(.count({ \.choiceCount }, 2...8), column: "choice_count", "options shown (balls moving, for drag) when answerFormat is choice or drag")
        case .difficulty:
            Declaration(.difficulty({ \.difficulty }), column: "difficulty", "arithmetic difficulty: easy, standard or hard")
        case .questionSource:
            Declaration(.questionSource({ \.questionSource }), column: "question_source",
                        "arithmetic, questionSet:<name>, or mixed")
        case .maxWrongAnswers:
            Declaration(.count({ \.maxWrongAnswers }, 1...10), column: "max_wrong_answers",
                        "wrong answers that end one challenge as failed")
        case .timeLimit:
            Declaration(.duration({ \.timeLimit }, .seconds(5) ... .seconds(600)), column: "time_limit_ms",
                        "a challenge answered later than this has failed (timed out)", example: "30s")
        case .minResponseTime:
            Declaration(.duration({ \.minResponseTime }, .zero ... .seconds(10)), column: "min_response_time_ms",
                        "an answer faster than this counts as wrong (too fast)", example: "1.5s")
        case .maxFailedChallenges:
            Declaration(.count({ \.maxFailedChallenges }, 1...100), column: "max_failed_challenges",
                        "failed challenges in a row that start a lockout")
        case .failureWindow:
            Declaration(.duration({ \.failureWindow }, .seconds(60) ... .seconds(30 * 86_400)), column: "failure_window_ms",
                        "quiet period after which failures in a row count from zero again", example: "12h")
        case .lockout:
            Declaration(.duration({ \.lockout }, .seconds(1) ... .seconds(7 * 86_400)), column: "lockout_ms",
                        "length of the first lockout", example: "5m")
        case .lockoutGrowth:
            Declaration(.factor({ \.lockoutGrowth }, 1.0...10.0), column: "lockout_growth",
                        "each further lockout is this many times longer")
        case .maxLockout:
            Declaration(.duration({ \.maxLockout }, .seconds(1) ... .seconds(30 * 86_400)), column: "max_lockout_ms",
                        "the longest a lockout grows to", example: "24h")
        case .hardLockAfter:
            Declaration(.count({ \.hardLockAfter }, 0...100), column: "hard_lock_after",
                        "lockouts in a row after which only an adult's unlock opens the gate (0 = never)")
        case .parentSession:
            Declaration(.duration({ \.parentSession }, .seconds(10) ... .seconds(86_400)), column: "parent_session_ms",
                        "how long parent mode lasts after a pass", example: "10m")
        case .auditRetention:
            Declaration(.duration({ \.auditRetention }, .seconds(86_400) ... .seconds(3650 * 86_400)), column: "audit_retention_ms",
                        "how long audit records are kept before prune may drop them", example: "365d")
        case .askParent:
            Declaration(.permission({ \.askParent }), column: "ask_parent",
                        "whether a child may ask a parent instead of answering: allowed or off")
        case .askExpiry:
            Declaration(.duration({ \.askExpiry }, .seconds(60) ... .seconds(86_400)), column: "ask_expiry_ms",
                        "how long a request to a parent, and its approval links, stay open", example: "10m")
        case .askCooldown:
            Declaration(.duration({ \.askCooldown }, .zero ... .seconds(3600)), column: "ask_cooldown_ms",
                        "after a request ended, how long until the profile may ask again", example: "1m")
        case .quietHours:
            Declaration(.quietHours({ \.quietHours }), column: "quiet_hours",
                        "weekly windows in which answering cannot open the gate, only a parent's code or approval; the days each starts on, then its times",
                        example: "'mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00' or off")
        case .timeZone:
            Declaration(.timeZone({ \.timeZone }), column: "time_zone",
                        "the zone quiet hours and approvals until the end of the day are read in: an IANA name, or local (this machine's)",
                        example: "Europe/Berlin")
        case .maxApproval:
            Declaration(.duration({ \.maxApproval }, ApprovalLength.range), column: "max_approval_ms",
                        "the longest parent mode a parent's approval opens (15m, 1h, or until the end of the day)", example: "12h")
        case .dragBallSize:
            Declaration(.count({ \.dragBallSize }, 20...100), column: "drag_ball_size",
                        "drag: a ball's diameter, in points (HTKUltimateParentalGate's 44)")
        case .dragMinSpeed:
            Declaration(.count({ \.dragMinSpeed }, 0...1000), column: "drag_min_speed",
                        "drag: the slowest a ball moves along each axis, in points a second")
        case .dragMaxSpeed:
            Declaration(.count({ \.dragMaxSpeed }, 0...1000), column: "drag_max_speed",
                        "drag: the fastest a ball moves along each axis, in points a second")
        case .dragBoxSize:
            Declaration(.count({ \.dragBoxSize }, 30...150), column: "drag_box_size",
                        "drag: the side of the box in a bottom corner the right ball is dragged into, in points")
        case .dragFirstTouch:
            Declaration(.duration({ \.dragFirstTouch }, .zero ... .seconds(5)), column: "drag_first_touch_ms",
                        "drag: a press sooner than this after the balls were shown is refused", example: "250ms")
        case .step:
            Declaration(.step({ \.step }), column: "step",
                        "a step before the question: none, hold (press and hold for holdTime) or twoTargets (hold two moving targets at once)")
        case .holdTime:
            Declaration(.duration({ \.holdTime }, .seconds(1) ... .seconds(30)), column: "hold_time_ms",
                        "how long the hold step is held, timed by the server", example: "3s")
        }
    }

    /// What the field accepts.
    public var kind: Kind {
        switch declaration.storage {
        case .answerFormat: .answerFormat
        case .difficulty: .difficulty
        case .questionSource: .questionSource
        case .count(_, let range): .count(range)
        case .duration(_, let range): .duration(range)
        case .factor(_, let range): .factor(range)
        case .permission: .permission
        case .quietHours: .quietHours
        case .timeZone: .timeZone
        case .step: .step
        }
    }

    /// One sentence on what the field means.
    public var summary: String { declaration.summary }

    /// The `policies` column that holds this field.
    package var column: String { declaration.column }

    /// The value the field has when neither the household nor the profile sets it.
    public var defaultValue: PolicyValue { Policy.default[self] }

    /// The command-line option that sets the field: `--time-limit` for `timeLimit`.
    public var optionName: String {
        var name = "--"
        for character in rawValue {
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
        return name
    }

    /// What the option's value is called in help: `--lockout <duration>`.
    public var valueName: String {
        switch kind {
        case .answerFormat, .difficulty: "name"
        case .questionSource: "source"
        case .count: "count"
        case .duration: "duration"
        case .factor: "factor"
        case .permission: "allowed|off"
        case .quietHours: "windows"
        case .timeZone: "zone"
        case .step: "step"
        }
    }

    /// The field's help sentence for `policy set`: what it means, an example and the values it accepts.
    public var help: String {
        let meaning = summary.prefix(1).uppercased() + summary.dropFirst()
        let example = declaration.example.map { ", e.g. \($0)" } ?? ""
        switch kind {
        case .answerFormat, .difficulty, .questionSource, .permission, .quietHours, .timeZone, .step: return "\(meaning)\(example)."
        case .count, .duration, .factor: return "\(meaning)\(example) (\(allowedValues))."
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
        case .quietHours: "days HH:MM-HH:MM windows separated by ;, or off"
        case .timeZone: "an IANA time zone name, or local"
        case .step: StepKind.allCases.map(\.rawValue).joined(separator: ", ")
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
        case .quietHours:
            value = .quietHours(try QuietHours(trimmed))
        case .timeZone:
            value = .timeZone(trimmed)
        case .step:
            guard let step = StepKind(rawValue: trimmed) else {
                throw .malformedValue(field: self, text: text, expected: allowedValues)
            }
            value = .step(step)
        }
        try validate(value)
        return value
    }

    /// Checks that `value` is of this field's kind and within its range.
    public func validate(_ value: PolicyValue) throws(GateInputError) {
        switch (kind, value) {
        case (.answerFormat, .answerFormat), (.difficulty, .difficulty), (.permission, .permission), (.step, .step):
            return
        case (.quietHours, .quietHours(let hours)):
            guard hours.windows.count <= QuietHours.maximumWindows else {
                throw .malformedValue(field: self, text: hours.description, expected: allowedValues)
            }
        case (.timeZone, .timeZone(let name)):
            guard Policy.zone(named: name) != nil else {
                throw .malformedValue(field: self, text: name, expected: "an IANA time zone name (e.g. Europe/Berlin), or local")
            }
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
