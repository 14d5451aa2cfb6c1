import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("Policy", .boundedConcurrency)
struct PolicyTests {
    // MARK: Defaults

    /// SPEC.md's policy table, as people would type each default.
    static let specDefaults: [(PolicyField, String)] = [
        (.answerFormat, "entry"),
        (.choiceCount, "4"),
        (.difficulty, "standard"),
        (.questionSource, "arithmetic"),
        (.maxWrongAnswers, "1"),
        (.timeLimit, "30s"),
        (.minResponseTime, "1.5s"),
        (.maxFailedChallenges, "3"),
        (.failureWindow, "12h"),
        (.lockout, "5m"),
        (.lockoutGrowth, "2.0"),
        (.maxLockout, "24h"),
        (.quietHours, "off"),
        (.timeZone, "local"),
        (.maxApproval, "12h"),
        (.hardLockAfter, "0"),
        (.parentSession, "10m"),
        (.auditRetention, "365d"),
        (.askParent, "allowed"),
        (.askExpiry, "10m"),
        (.askCooldown, "1m"),
        (.dragBallSize, "44"),
        (.dragMinSpeed, "75"),
        (.dragMaxSpeed, "199"),
        (.dragBoxSize, "50"),
        (.dragFirstTouch, "250ms"),
        (.step, "none"),
        (.holdTime, "3s"),
    ]

    @Test("the defaults are SPEC.md's table, field by field")
    func defaultsMatchTheSpec() {
        let policy = Policy.default
        #expect(policy.answerFormat == .entry)
        #expect(policy.choiceCount == 4)
        #expect(policy.difficulty == .standard)
        #expect(policy.questionSource == .arithmetic)
        #expect(policy.maxWrongAnswers == 1)
        #expect(policy.timeLimit == .seconds(30))
        #expect(policy.minResponseTime == .milliseconds(1_500))
        #expect(policy.maxFailedChallenges == 3)
        #expect(policy.failureWindow == .seconds(12 * 60 * 60))
        #expect(policy.lockout == .seconds(5 * 60))
        #expect(policy.lockoutGrowth == 2.0)
        #expect(policy.maxLockout == .seconds(24 * 60 * 60))
        #expect(policy.hardLockAfter == 0)
        #expect(policy.parentSession == .seconds(10 * 60))
        #expect(policy.auditRetention == .seconds(365 * 24 * 60 * 60))
        #expect(policy.askParent)
        #expect(policy.askExpiry == .seconds(10 * 60))
        #expect(policy.askCooldown == .seconds(60))
    }

    @Test("the defaults are what the table's text parses to")
    func defaultsMatchTheSpecText() throws {
        #expect(Set(Self.specDefaults.map(\.0)) == Set(PolicyField.allCases))
        for (field, text) in Self.specDefaults {
            #expect(try Policy.default[field] == field.parse(text), "\(field.rawValue)")
        }
    }

    @Test("the defaults print as the table writes them")
    func defaultsPrint() {
        let printed = PolicyField.allCases.map { Policy.default[$0].description }
        #expect(printed == [
            "entry", "4", "standard", "arithmetic", "1", "30s", "1.5s", "3", "12h", "5m", "2.0", "1d", "0", "10m", "365d", "allowed", "10m", "1m", "off", "local", "12h",
            "44", "75", "199", "50", "0.25s", "none", "3s",
        ])
    }

    @Test("the defaults are valid and consistent")
    func defaultsAreValid() throws {
        for field in PolicyField.allCases {
            #expect(throws: Never.self) { try field.validate(Policy.default[field]) }
        }
        #expect(throws: Never.self) { try Policy.default.validateConsistency() }
    }

    // MARK: Subscript and setting

    @Test("the subscript reads each field with its kind")
    func subscriptReadsFields() {
        var policy = Policy.default
        policy.choiceCount = 6
        policy.maxWrongAnswers = 2
        policy.maxFailedChallenges = 7
        policy.hardLockAfter = 9
        policy.timeLimit = .seconds(45)
        policy.lockoutGrowth = 3.5
        policy.questionSource = .questionSet("animals")
        #expect(policy[.choiceCount] == .count(6))
        #expect(policy[.maxWrongAnswers] == .count(2))
        #expect(policy[.maxFailedChallenges] == .count(7))
        #expect(policy[.hardLockAfter] == .count(9))
        #expect(policy[.timeLimit] == .duration(.seconds(45)))
        #expect(policy[.lockoutGrowth] == .factor(3.5))
        #expect(policy[.questionSource] == .questionSource(.questionSet("animals")))
        #expect(policy[.answerFormat] == .answerFormat(.entry))
        #expect(policy[.difficulty] == .difficulty(.standard))
    }

    /// A valid value for `field` that differs from its default.
    static let changedValues: [PolicyField: PolicyValue] = [
        .answerFormat: .answerFormat(.choice),
        .choiceCount: .count(6),
        .difficulty: .difficulty(.hard),
        .questionSource: .questionSource(.questionSet("animals")),
        .maxWrongAnswers: .count(3),
        .timeLimit: .duration(.seconds(60)),
        .minResponseTime: .duration(.milliseconds(500)),
        .maxFailedChallenges: .count(5),
        .failureWindow: .duration(.seconds(3_600)),
        .lockout: .duration(.seconds(60)),
        .lockoutGrowth: .factor(3.0),
        .maxLockout: .duration(.seconds(7_200)),
        .hardLockAfter: .count(4),
        .parentSession: .duration(.seconds(300)),
        .auditRetention: .duration(.seconds(30 * 86_400)),
        .askParent: .permission(false),
        .askExpiry: .duration(.seconds(300)),
        .askCooldown: .duration(.seconds(600)),
        .quietHours: .quietHours(QuietHours(windows: [.init(days: [6], start: 180, end: 181)])),
        .timeZone: .timeZone("Europe/Berlin"),
        .maxApproval: .duration(.seconds(3600)),
        .dragBallSize: .count(60),
        .dragMinSpeed: .count(10),
        .dragMaxSpeed: .count(300),
        .dragBoxSize: .count(80),
        .dragFirstTouch: .duration(.milliseconds(400)),
        .step: .step(.twoTargets),
        .holdTime: .duration(.seconds(5)),
    ]

    @Test("setting a field changes that field only", arguments: PolicyField.allCases)
    func settingChangesOneField(field: PolicyField) throws {
        let value = try #require(Self.changedValues[field])
        #expect(value != Policy.default[field])
        let updated = try Policy.default.setting(field, to: value)
        #expect(updated[field] == value)
        for other in PolicyField.allCases where other != field {
            #expect(updated[other] == Policy.default[other], "\(other.rawValue) changed when setting \(field.rawValue)")
        }
        // The original is a value and stays as it was.
        #expect(Policy.default[field] != value)
    }

    @Test("setting every field in turn gives a policy with all the new values")
    func settingAllFields() throws {
        var policy = Policy.default
        for field in PolicyField.allCases {
            policy = try policy.setting(field, to: Self.changedValues[field]!)
        }
        for field in PolicyField.allCases {
            #expect(policy[field] == Self.changedValues[field])
        }
        #expect(throws: Never.self) { try policy.validateConsistency() }
    }

    @Test("setting a field to its current value changes nothing")
    func settingToSameValue() throws {
        for field in PolicyField.allCases {
            #expect(try Policy.default.setting(field, to: Policy.default[field]) == Policy.default)
        }
    }

    @Test("setting refuses out-of-range values")
    func settingRefusesOutOfRange() {
        #expect(throws: GateInputError.outOfRange(field: .choiceCount, value: "9", range: "2...8")) {
            try Policy.default.setting(.choiceCount, to: .count(9))
        }
        #expect(throws: GateInputError.outOfRange(field: .timeLimit, value: "11m", range: "5s...10m")) {
            try Policy.default.setting(.timeLimit, to: .duration(.seconds(660)))
        }
        #expect(throws: GateInputError.outOfRange(field: .lockoutGrowth, value: "0.5", range: "1.0...10.0")) {
            try Policy.default.setting(.lockoutGrowth, to: .factor(0.5))
        }
    }

    @Test("setting refuses values of the wrong kind")
    func settingRefusesWrongKind() {
        #expect(throws: GateInputError.malformedValue(field: .timeLimit, text: "30", expected: "5s...10m")) {
            try Policy.default.setting(.timeLimit, to: .count(30))
        }
        #expect(throws: GateInputError.malformedValue(field: .choiceCount, text: "4.0", expected: "2...8")) {
            try Policy.default.setting(.choiceCount, to: .factor(4))
        }
        #expect(throws: GateInputError.malformedValue(field: .difficulty, text: "entry", expected: "easy, standard, hard")) {
            try Policy.default.setting(.difficulty, to: .answerFormat(.entry))
        }
        #expect(throws: GateInputError.malformedValue(field: .questionSource, text: "hard", expected: "arithmetic, mixed or questionSet:<name>")) {
            try Policy.default.setting(.questionSource, to: .difficulty(.hard))
        }
    }

    @Test("setting a count value on each count field lands in that field")
    func countFieldsAreNotMixedUp() throws {
        let policy = try Policy.default
            .setting(.choiceCount, to: .count(7))
            .setting(.maxWrongAnswers, to: .count(2))
            .setting(.maxFailedChallenges, to: .count(50))
            .setting(.hardLockAfter, to: .count(100))
        #expect(policy.choiceCount == 7)
        #expect(policy.maxWrongAnswers == 2)
        #expect(policy.maxFailedChallenges == 50)
        #expect(policy.hardLockAfter == 100)
    }

    @Test("setting a duration on each duration field lands in that field")
    func durationFieldsAreNotMixedUp() throws {
        let policy = try Policy.default
            .setting(.timeLimit, to: .duration(.seconds(6)))
            .setting(.minResponseTime, to: .duration(.seconds(2)))
            .setting(.failureWindow, to: .duration(.seconds(61)))
            .setting(.lockout, to: .duration(.seconds(62)))
            .setting(.maxLockout, to: .duration(.seconds(63)))
            .setting(.parentSession, to: .duration(.seconds(64)))
            .setting(.auditRetention, to: .duration(.seconds(86_465)))
        #expect(policy.timeLimit == .seconds(6))
        #expect(policy.minResponseTime == .seconds(2))
        #expect(policy.failureWindow == .seconds(61))
        #expect(policy.lockout == .seconds(62))
        #expect(policy.maxLockout == .seconds(63))
        #expect(policy.parentSession == .seconds(64))
        #expect(policy.auditRetention == .seconds(86_465))
    }

    // MARK: Consistency

    @Test("a minimum response time equal to the time limit is refused")
    func minResponseEqualToTimeLimit() throws {
        let policy = try Policy.default.setting(.timeLimit, to: .duration(.seconds(10))).setting(.minResponseTime, to: .duration(.seconds(10)))
        #expect(throws: GateInputError.inconsistentPolicy("minResponseTime 10s must be shorter than timeLimit 10s")) {
            try policy.validateConsistency()
        }
    }

    @Test("a minimum response time above the time limit is refused")
    func minResponseAboveTimeLimit() throws {
        let policy = try Policy.default.setting(.timeLimit, to: .duration(.seconds(5))).setting(.minResponseTime, to: .duration(.seconds(8)))
        #expect(throws: GateInputError.inconsistentPolicy("minResponseTime 8s must be shorter than timeLimit 5s")) {
            try policy.validateConsistency()
        }
    }

    @Test("a minimum response time just below the time limit is fine")
    func minResponseJustBelowTimeLimit() throws {
        let policy = try Policy.default
            .setting(.timeLimit, to: .duration(.seconds(5))).setting(.minResponseTime, to: .duration(.milliseconds(4_999)))
        #expect(throws: Never.self) { try policy.validateConsistency() }
    }

    @Test("a first lockout longer than the cap is refused")
    func lockoutAboveMax() throws {
        let policy = try Policy.default.setting(.maxLockout, to: .duration(.seconds(3_600))).setting(.lockout, to: .duration(.seconds(7_200)))
        #expect(throws: GateInputError.inconsistentPolicy("lockout 2h must not exceed maxLockout 1h")) {
            try policy.validateConsistency()
        }
        let justOver = try policy.setting(.lockout, to: .duration(.milliseconds(3_600_001)))
        #expect(throws: GateInputError.inconsistentPolicy("lockout 1h0.001s must not exceed maxLockout 1h")) {
            try justOver.validateConsistency()
        }
    }

    @Test("a first lockout equal to the cap is fine")
    func lockoutEqualToMax() throws {
        let policy = try Policy.default.setting(.maxLockout, to: .duration(.seconds(60))).setting(.lockout, to: .duration(.seconds(60)))
        #expect(throws: Never.self) { try policy.validateConsistency() }
    }

    @Test("the response-time rule is checked first")
    func firstRuleReportedFirst() throws {
        let policy = try Policy.default
            .setting(.timeLimit, to: .duration(.seconds(5))).setting(.minResponseTime, to: .duration(.seconds(10)))
            .setting(.maxLockout, to: .duration(.seconds(1))).setting(.lockout, to: .duration(.seconds(2)))
        let error = caughtError { () throws(GateInputError) in try policy.validateConsistency() }
        #expect(error == .inconsistentPolicy("minResponseTime 10s must be shorter than timeLimit 5s"))
        #expect(error?.reason == "minResponseTime 10s must be shorter than timeLimit 5s")
        #expect(error?.description == "inconsistent policy: minResponseTime 10s must be shorter than timeLimit 5s")
    }

    @Test("generated policies are refused exactly when a rule between fields is broken")
    func generatedConsistency() throws {
        var generator = SeededGenerator(seed: 0xC0_4515_7E17)
        var refusedCount = 0
        for _ in 0..<2_000 {
            var policy = Policy.default
            for field in [PolicyField.timeLimit, .minResponseTime, .lockout, .maxLockout] {
                policy = try policy.setting(field, to: randomValue(for: field, using: &generator))
            }
            let shouldRefuse = policy.minResponseTime >= policy.timeLimit || policy.lockout > policy.maxLockout
            let error = caughtError { () throws(GateInputError) in try policy.validateConsistency() }
            #expect((error != nil) == shouldRefuse, "\(policy)")
            if let error {
                guard case .inconsistentPolicy = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                refusedCount += 1
            }
        }
        // Both outcomes occur in the sample.
        #expect(refusedCount > 0 && refusedCount < 2_000)
    }

    // MARK: PolicyValue

    @Test("PolicyValue prints canonical text")
    func valueDescriptions() {
        #expect(PolicyValue.answerFormat(.choice).description == "choice")
        #expect(PolicyValue.difficulty(.easy).description == "easy")
        #expect(PolicyValue.questionSource(.questionSet("animals")).description == "questionSet:animals")
        #expect(PolicyValue.count(42).description == "42")
        #expect(PolicyValue.duration(.seconds(5_400)).description == "1h30m")
        #expect(PolicyValue.factor(2.5).description == "2.5")
        #expect(PolicyValue.factor(2).description == "2.0")
    }
}
