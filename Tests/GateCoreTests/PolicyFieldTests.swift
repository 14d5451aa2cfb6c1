import Foundation
import Testing
@testable import GateCore
import TestSlots

/// One line of the field table: texts that parse (with their value), texts just outside the
/// range (with the value the error reports), and texts of the wrong kind.
struct FieldCase: Sendable, CustomTestStringConvertible {
    var field: PolicyField
    var allowed: String
    var accepted: [(String, PolicyValue)]
    var outOfRange: [(String, String)]
    var malformed: [String]

    var testDescription: String { field.rawValue }
}

@Suite("PolicyField", .boundedConcurrency)
struct PolicyFieldTests {
    static let cases: [FieldCase] = [
        FieldCase(
            field: .answerFormat, allowed: "entry, choice, drag",
            accepted: [("entry", .answerFormat(.entry)), ("choice", .answerFormat(.choice)), ("  choice ", .answerFormat(.choice))],
            outOfRange: [],
            malformed: ["", "Entry", "CHOICE", "type", "entry choice", "choice4", "1", "\u{0}"]),
        FieldCase(
            field: .choiceCount, allowed: "2...8",
            accepted: [("2", .count(2)), ("8", .count(8)), ("4", .count(4)), (" 5 ", .count(5))],
            outOfRange: [("1", "1"), ("9", "9"), ("0", "0"), ("-2", "-2"), ("4294967296", "4294967296")],
            malformed: ["", "four", "4.0", "4.5", "4e0", "0x4", "4 4", "4s", "4\u{0}", "99999999999999999999"]),
        FieldCase(
            field: .difficulty, allowed: "easy, standard, hard",
            accepted: [("easy", .difficulty(.easy)), ("standard", .difficulty(.standard)), ("hard", .difficulty(.hard))],
            outOfRange: [],
            malformed: ["", "Easy", "HARD", "medium", "normal", "2"]),
        FieldCase(
            field: .maxWrongAnswers, allowed: "1...10",
            accepted: [("1", .count(1)), ("10", .count(10))],
            outOfRange: [("0", "0"), ("11", "11"), ("-1", "-1")],
            malformed: ["", "one", "1.5", "1m"]),
        FieldCase(
            field: .timeLimit, allowed: "5s...10m",
            accepted: [
                ("5s", .duration(.seconds(5))), ("5000ms", .duration(.seconds(5))), ("600s", .duration(.seconds(600))),
                ("10m", .duration(.seconds(600))), ("30s", .duration(.seconds(30))), ("1m30s", .duration(.seconds(90))),
            ],
            outOfRange: [("4.999s", "4.999s"), ("4999ms", "4.999s"), ("10m1ms", "10m0.001s"), ("600.001s", "10m0.001s"), ("0s", "0s"), ("1d", "1d")],
            malformed: []),
        FieldCase(
            field: .minResponseTime, allowed: "0s...10s",
            accepted: [("0s", .duration(.zero)), ("0ms", .duration(.zero)), ("10s", .duration(.seconds(10))), ("1.5s", .duration(.milliseconds(1500)))],
            outOfRange: [("10.001s", "10.001s"), ("11s", "11s"), ("1m", "1m")],
            malformed: []),
        FieldCase(
            field: .maxFailedChallenges, allowed: "1...100",
            accepted: [("1", .count(1)), ("100", .count(100)), ("3", .count(3))],
            outOfRange: [("0", "0"), ("101", "101")],
            malformed: ["", "3.0", "three"]),
        FieldCase(
            field: .failureWindow, allowed: "1m...30d",
            accepted: [
                ("1m", .duration(.seconds(60))), ("60s", .duration(.seconds(60))), ("30d", .duration(.seconds(30 * 86_400))),
                ("720h", .duration(.seconds(30 * 86_400))), ("12h", .duration(.seconds(12 * 3600))),
            ],
            outOfRange: [("59.999s", "59.999s"), ("30d1ms", "30d0.001s"), ("31d", "31d"), ("0s", "0s")],
            malformed: []),
        FieldCase(
            field: .lockout, allowed: "1s...7d",
            accepted: [
                ("1s", .duration(.seconds(1))), ("1000ms", .duration(.seconds(1))), ("7d", .duration(.seconds(7 * 86_400))),
                ("168h", .duration(.seconds(7 * 86_400))), ("5m", .duration(.seconds(300))),
            ],
            outOfRange: [("999ms", "0.999s"), ("0s", "0s"), ("7d1ms", "7d0.001s"), ("8d", "8d")],
            malformed: []),
        FieldCase(
            field: .lockoutGrowth, allowed: "1.0...10.0",
            accepted: [
                ("1", .factor(1.0)), ("1.0", .factor(1.0)), ("10", .factor(10.0)), ("10.0", .factor(10.0)), ("2.5", .factor(2.5)),
                ("1e1", .factor(10.0)), (" 2 ", .factor(2.0)),
            ],
            outOfRange: [("0.999", "0.999"), ("10.001", "10.001"), ("0", "0.0"), ("-1", "-1.0"), ("1e3", "1000.0")],
            malformed: ["", "two", "nan", "NaN", "inf", "-inf", "infinity", "1,5", "2x", "1.5.0", "1e999"]),
        FieldCase(
            field: .maxLockout, allowed: "1s...30d",
            accepted: [("1s", .duration(.seconds(1))), ("30d", .duration(.seconds(30 * 86_400))), ("24h", .duration(.seconds(86_400)))],
            outOfRange: [("999ms", "0.999s"), ("30d0.001s", "30d0.001s"), ("31d", "31d")],
            malformed: []),
        FieldCase(
            field: .hardLockAfter, allowed: "0...100",
            accepted: [("0", .count(0)), ("100", .count(100))],
            outOfRange: [("-1", "-1"), ("101", "101")],
            malformed: ["", "never", "0.0"]),
        FieldCase(
            field: .parentSession, allowed: "10s...1d",
            accepted: [
                ("10s", .duration(.seconds(10))), ("1d", .duration(.seconds(86_400))), ("24h", .duration(.seconds(86_400))),
                ("10m", .duration(.seconds(600))),
            ],
            outOfRange: [("9.999s", "9.999s"), ("1d1ms", "1d0.001s"), ("25h", "1d1h"), ("0s", "0s")],
            malformed: []),
        FieldCase(
            field: .auditRetention, allowed: "1d...3650d",
            accepted: [
                ("1d", .duration(.seconds(86_400))), ("24h", .duration(.seconds(86_400))),
                ("3650d", .duration(.seconds(3650 * 86_400))), ("365d", .duration(.seconds(365 * 86_400))),
            ],
            outOfRange: [("23h59m59.999s", "23h59m59.999s"), ("3650d1ms", "3650d0.001s"), ("3651d", "3651d")],
            malformed: []),
        FieldCase(
            field: .questionSource, allowed: "arithmetic, mixed or questionSet:<name>",
            accepted: [
                ("arithmetic", .questionSource(.arithmetic)), ("mixed", .questionSource(.mixed)),
                ("questionSet:animals", .questionSource(.questionSet("animals"))),
                (" questionSet:Animals ", .questionSource(.questionSet("Animals"))),
            ],
            outOfRange: [],
            malformed: ["", "Arithmetic", "MIXED", "set:animals", "questionset:animals", "questionSet", "animals"]),
        FieldCase(
            field: .askParent, allowed: "allowed, off",
            accepted: [("allowed", .permission(true)), ("off", .permission(false)), (" off ", .permission(false))],
            outOfRange: [],
            malformed: ["", "on", "yes", "Allowed", "OFF", "1"]),
        FieldCase(
            field: .askExpiry, allowed: "1m...1d",
            accepted: [("1m", .duration(.seconds(60))), ("10m", .duration(.seconds(600))), ("24h", .duration(.seconds(86_400)))],
            outOfRange: [("59s", "59s"), ("1d1ms", "1d0.001s")],
            malformed: []),
        FieldCase(
            field: .askCooldown, allowed: "0s...1h",
            accepted: [("0s", .duration(.zero)), ("1m", .duration(.seconds(60))), ("1h", .duration(.seconds(3600)))],
            outOfRange: [("1h1ms", "1h0.001s")],
            malformed: []),
        FieldCase(
            field: .quietHours, allowed: "days HH:MM-HH:MM windows separated by ;, or off",
            accepted: [
                ("off", .quietHours(.none)), ("daily 20:00-07:00", .quietHours(QuietHours(windows: [.init(days: Set(1...7), start: 1200, end: 420)]))),
                (" mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00 ", .quietHours(QuietHours(windows: [
                    .init(days: [1, 2, 3, 4, 7], start: 1230, end: 420), .init(days: [5, 6], start: 1320, end: 480),
                ]))),
            ],
            outOfRange: [],
            malformed: ["on", "daily", "mon 20:00", "mon 24:00-07:00", "never 20:00-07:00"]),
        FieldCase(
            field: .timeZone, allowed: "an IANA time zone name, or local",
            accepted: [("local", .timeZone("local")), ("Europe/Berlin", .timeZone("Europe/Berlin")), (" UTC ", .timeZone("UTC"))],
            outOfRange: [],
            malformed: ["", "Berlin/Europe", "Local"]),
        FieldCase(
            field: .maxApproval, allowed: "1m...1d",
            accepted: [("1m", .duration(.seconds(60))), ("12h", .duration(.seconds(43_200))), ("1d", .duration(.seconds(86_400)))],
            outOfRange: [("59s", "59s"), ("1d1ms", "1d0.001s")],
            malformed: []),
        FieldCase(
            field: .dragBallSize, allowed: "20...100",
            accepted: [("20", .count(20)), ("44", .count(44)), ("100", .count(100))],
            outOfRange: [("19", "19"), ("101", "101")],
            malformed: ["44pt", "big"]),
        FieldCase(
            field: .dragMinSpeed, allowed: "0...1000",
            accepted: [("0", .count(0)), ("75", .count(75)), ("1000", .count(1000))],
            outOfRange: [("-1", "-1"), ("1001", "1001")],
            malformed: ["fast"]),
        FieldCase(
            field: .dragMaxSpeed, allowed: "0...1000",
            accepted: [("0", .count(0)), ("199", .count(199)), ("1000", .count(1000))],
            outOfRange: [("-1", "-1"), ("1001", "1001")],
            malformed: ["1.5"]),
        FieldCase(
            field: .dragBoxSize, allowed: "30...150",
            accepted: [("30", .count(30)), ("50", .count(50)), ("150", .count(150))],
            outOfRange: [("29", "29"), ("151", "151")],
            malformed: ["box"]),
        FieldCase(
            field: .dragFirstTouch, allowed: "0s...5s",
            accepted: [("0s", .duration(.zero)), ("250ms", .duration(.milliseconds(250))), ("5s", .duration(.seconds(5)))],
            outOfRange: [("5001ms", "5.001s")],
            malformed: []),
        FieldCase(
            field: .step, allowed: "none, hold, twoTargets",
            accepted: [("none", .step(.none)), ("hold", .step(.hold)), (" twoTargets ", .step(.twoTargets))],
            outOfRange: [],
            malformed: ["", "Hold", "two", "drag"]),
        FieldCase(
            field: .holdTime, allowed: "1s...30s",
            accepted: [("1s", .duration(.seconds(1))), ("3s", .duration(.seconds(3))), ("30s", .duration(.seconds(30)))],
            outOfRange: [("999ms", "0.999s"), ("31s", "31s")],
            malformed: []),
    ]

    @Test("the table covers every field")
    func tableCoversEveryField() {
        #expect(Set(Self.cases.map(\.field)) == Set(PolicyField.allCases))
        #expect(PolicyField.allCases.count == 28)
    }

    @Test("allowedValues states each range", arguments: cases)
    func allowedValues(row: FieldCase) {
        #expect(row.field.allowedValues == row.allowed)
    }

    @Test("parses the bounds of each range and the values within", arguments: cases)
    func parsesAccepted(row: FieldCase) throws {
        for (text, value) in row.accepted {
            #expect(try row.field.parse(text) == value, "\(row.field.rawValue) \(text)")
            #expect(throws: Never.self) { try row.field.validate(value) }
        }
    }

    @Test("refuses values just outside each range as out of range", arguments: cases)
    func refusesOutOfRange(row: FieldCase) {
        for (text, reported) in row.outOfRange {
            #expect(throws: GateInputError.outOfRange(field: row.field, value: reported, range: row.allowed), "\(text)") {
                try row.field.parse(text)
            }
        }
    }

    @Test("refuses text of the wrong kind as malformed", arguments: cases.filter { !$0.malformed.isEmpty })
    func refusesMalformed(row: FieldCase) {
        for text in row.malformed {
            let error = caughtError { () throws(GateInputError) in try row.field.parse(text) }
            switch error {
            case .malformedValue(let field, let reportedText, _)?:
                #expect(field == row.field)
                #expect(reportedText == text)
            case .emptyName?, .forbiddenCharacter?:
                // A question set name that is empty or not a name.
                #expect(row.field == .questionSource, "\(text) gave \(String(describing: error))")
            default:
                Issue.record("\(row.field.rawValue) '\(text)' gave \(String(describing: error))")
            }
        }
    }

    @Test("a count field's malformed value says a whole number is expected")
    func countMessage() {
        #expect(throws: GateInputError.malformedValue(field: .choiceCount, text: "four", expected: "a whole number, 2...8")) {
            try PolicyField.choiceCount.parse("four")
        }
        #expect(throws: GateInputError.malformedValue(field: .lockoutGrowth, text: "two", expected: "a number, 1.0...10.0")) {
            try PolicyField.lockoutGrowth.parse("two")
        }
        #expect(throws: GateInputError.malformedValue(field: .answerFormat, text: "type", expected: "entry, choice, drag")) {
            try PolicyField.answerFormat.parse("type")
        }
    }

    @Test(
        "duration fields refuse text that is not a duration",
        arguments: PolicyField.allCases.filter { if case .duration = $0.kind { true } else { false } })
    func durationFieldsRefuseMalformedText(field: PolicyField) {
        for text in ["", "abc", "30", "-5m", "5x", "1m1h", "thirty seconds", "30 s"] {
            #expect(throws: GateInputError.malformedDuration(text), "\(field.rawValue) \(text)") { try field.parse(text) }
        }
        // Surrounding spaces are dropped before the text is read.
        #expect(throws: GateInputError.malformedDuration("abc")) { try field.parse("  abc ") }
    }

    @Test("question set names are validated as names")
    func questionSetNames() {
        #expect(throws: GateInputError.emptyName(what: "question set name")) { try PolicyField.questionSource.parse("questionSet:") }
        #expect(throws: GateInputError.emptyName(what: "question set name")) { try PolicyField.questionSource.parse("questionSet:   ") }
        #expect(throws: GateInputError.forbiddenCharacter(what: "question set name", scalar: "U+202E")) {
            try PolicyField.questionSource.parse("questionSet:ani\u{202E}mals")
        }
        #expect(throws: GateInputError.nameTooLong(what: "question set name", limit: 64)) {
            try PolicyField.questionSource.parse("questionSet:" + String(repeating: "q", count: 65))
        }
    }

    // MARK: validate

    static let sampleOfEachKind: [PolicyValue] = [
        .answerFormat(.entry), .difficulty(.easy), .questionSource(.arithmetic), .count(3), .duration(.seconds(30)), .factor(2.0),
        .permission(true), .quietHours(.none), .timeZone("UTC"), .step(.hold),
    ]

    private static func sameKind(_ value: PolicyValue, _ field: PolicyField) -> Bool {
        switch (field.kind, value) {
        case (.answerFormat, .answerFormat), (.difficulty, .difficulty), (.questionSource, .questionSource),
            (.count, .count), (.duration, .duration), (.factor, .factor), (.permission, .permission),
            (.quietHours, .quietHours), (.timeZone, .timeZone), (.step, .step):
            true
        default:
            false
        }
    }

    @Test("validate refuses a value of the wrong kind for every field", arguments: PolicyField.allCases)
    func validateRefusesWrongKinds(field: PolicyField) {
        var refused = 0
        for value in Self.sampleOfEachKind where !Self.sameKind(value, field) {
            #expect(throws: GateInputError.malformedValue(field: field, text: value.description, expected: field.allowedValues)) {
                try field.validate(value)
            }
            refused += 1
        }
        #expect(refused == 9)
    }

    @Test("validate accepts the default of every field", arguments: PolicyField.allCases)
    func validateAcceptsDefaults(field: PolicyField) {
        #expect(throws: Never.self) { try field.validate(Policy.default[field]) }
    }

    @Test("validate checks the exact bounds of duration values")
    func validateDurationBounds() {
        #expect(throws: Never.self) { try PolicyField.timeLimit.validate(.duration(.seconds(5))) }
        #expect(throws: GateInputError.self) { try PolicyField.timeLimit.validate(.duration(.seconds(5) - .nanoseconds(1))) }
        #expect(throws: Never.self) { try PolicyField.timeLimit.validate(.duration(.seconds(600))) }
        #expect(throws: GateInputError.self) { try PolicyField.timeLimit.validate(.duration(.seconds(600) + .nanoseconds(1))) }
        #expect(throws: Never.self) { try PolicyField.minResponseTime.validate(.duration(.zero)) }
        #expect(throws: GateInputError.outOfRange(field: .minResponseTime, value: "-0.001s", range: "0s...10s")) {
            try PolicyField.minResponseTime.validate(.duration(.milliseconds(-1)))
        }
        #expect(throws: GateInputError.outOfRange(field: .lockout, value: "-1d", range: "1s...7d")) {
            try PolicyField.lockout.validate(.duration(.seconds(-86_400)))
        }
    }

    @Test("validate refuses factors that are not finite")
    func validateRefusesNonFiniteFactors() {
        for factor in [Double.nan, .infinity, -.infinity, 1.0.nextDown, 10.0.nextUp, 0, -0.0] {
            let error = caughtError { () throws(GateInputError) in try PolicyField.lockoutGrowth.validate(.factor(factor)) }
            if case .outOfRange(.lockoutGrowth, _, "1.0...10.0")? = error {} else {
                Issue.record("factor \(factor) gave \(String(describing: error))")
            }
        }
        #expect(throws: Never.self) { try PolicyField.lockoutGrowth.validate(.factor(1.0)) }
        #expect(throws: Never.self) { try PolicyField.lockoutGrowth.validate(.factor(10.0)) }
    }

    @Test("validate checks the bounds of counts", arguments: [
        (PolicyField.choiceCount, 2, 8), (.maxWrongAnswers, 1, 10), (.maxFailedChallenges, 1, 100), (.hardLockAfter, 0, 100),
    ] as [(PolicyField, Int, Int)])
    func validateCountBounds(field: PolicyField, lower: Int, upper: Int) {
        #expect(throws: Never.self) { try field.validate(.count(lower)) }
        #expect(throws: Never.self) { try field.validate(.count(upper)) }
        #expect(throws: GateInputError.outOfRange(field: field, value: String(lower - 1), range: "\(lower)...\(upper)")) {
            try field.validate(.count(lower - 1))
        }
        #expect(throws: GateInputError.outOfRange(field: field, value: String(upper + 1), range: "\(lower)...\(upper)")) {
            try field.validate(.count(upper + 1))
        }
        #expect(throws: GateInputError.self) { try field.validate(.count(.min)) }
        #expect(throws: GateInputError.self) { try field.validate(.count(.max)) }
    }

    @Test("a duration far beyond any range is refused, not a crash")
    func hugeDurationIsRefused() {
        #expect(throws: GateInputError.self) { try PolicyField.timeLimit.validate(.duration(.seconds(Int64.max))) }
        #expect(throws: GateInputError.self) { try PolicyField.timeLimit.validate(.duration(.seconds(Int64.min))) }
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == .max)
        #expect(DurationText.format(.seconds(Int64.min)).hasPrefix("-"))
    }

    // MARK: Text round trip

    @Test("a value's description parses back to the value", arguments: cases)
    func descriptionRoundTrips(row: FieldCase) throws {
        for (_, value) in row.accepted {
            #expect(try row.field.parse(value.description) == value)
        }
        #expect(try row.field.parse(Policy.default[row.field].description) == Policy.default[row.field])
    }

    @Test("generated in-range values round-trip through their text for every field")
    func generatedValuesRoundTrip() throws {
        var generator = SeededGenerator(seed: 0xF1E1D)
        for _ in 0..<3_000 {
            let field = PolicyField.allCases.randomElement(using: &generator)!
            let value = randomValue(for: field, using: &generator)
            #expect(throws: Never.self) { try field.validate(value) }
            #expect(try field.parse(value.description) == value, "\(field.rawValue) \(value)")
        }
    }

    @Test("every field has a one-line summary")
    func summaries() {
        for field in PolicyField.allCases {
            #expect(!field.summary.isEmpty)
            #expect(!field.summary.contains("\n"))
        }
    }

    @Test("fields are named as in SPEC.md and decode from their names")
    func rawValues() throws {
        let names = [
            "answerFormat", "choiceCount", "difficulty", "questionSource", "maxWrongAnswers", "timeLimit", "minResponseTime",
            "maxFailedChallenges", "failureWindow", "lockout", "lockoutGrowth", "maxLockout", "hardLockAfter", "parentSession",
            "auditRetention", "askParent", "askExpiry", "askCooldown", "quietHours", "timeZone", "maxApproval",
            "dragBallSize", "dragMinSpeed", "dragMaxSpeed", "dragBoxSize", "dragFirstTouch", "step", "holdTime",
        ]
        #expect(PolicyField.allCases.map(\.rawValue) == names)
        let decoded = try JSONDecoder().decode([PolicyField].self, from: JSONEncoder().encode(PolicyField.allCases))
        #expect(decoded == PolicyField.allCases)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PolicyField.self, from: Data(#""TimeLimit""#.utf8)) }
    }
}

/// A random value within `field`'s range, on a millisecond grid for durations.
func randomValue(for field: PolicyField, using generator: inout SeededGenerator) -> PolicyValue {
    switch field.kind {
    case .answerFormat:
        return .answerFormat(AnswerFormat.allCases.randomElement(using: &generator)!)
    case .difficulty:
        return .difficulty(Difficulty.allCases.randomElement(using: &generator)!)
    case .questionSource:
        switch Int.random(in: 0...2, using: &generator) {
        case 0: return .questionSource(.arithmetic)
        case 1: return .questionSource(.mixed)
        default: return .questionSource(.questionSet("set\(Int.random(in: 0...999, using: &generator))"))
        }
    case .count(let range):
        return .count(Int.random(in: range, using: &generator))
    case .permission:
        return .permission(Bool.random(using: &generator))
    case .quietHours:
        let days = ["daily", "mon-fri", "sat,sun", "mon,wed,fri", "off"].randomElement(using: &generator)!
        let start = Int.random(in: 0..<1440, using: &generator), end = (start + Int.random(in: 1..<1440, using: &generator)) % 1440
        let clock = { (minutes: Int) in String(format: "%02d:%02d", minutes / 60, minutes % 60) }
        return .quietHours((try? QuietHours(days == "off" ? "off" : "\(days) \(clock(start))-\(clock(end))")) ?? .none)
    case .step:
        return .step(StepKind.allCases.randomElement(using: &generator)!)
    case .timeZone:
        return .timeZone(["local", "Europe/Berlin", "America/New_York", "Asia/Kathmandu", "UTC"].randomElement(using: &generator)!)
    case .duration(let range):
        let lower = range.lowerBound.wholeMilliseconds
        let upper = range.upperBound.wholeMilliseconds
        return .duration(.milliseconds(Int64.random(in: lower...upper, using: &generator)))
    case .factor(let range):
        // Factors people type: up to two decimals.
        let hundredths = Int.random(in: Int(range.lowerBound * 100)...Int(range.upperBound * 100), using: &generator)
        return .factor(Double(hundredths) / 100)
    }
}
