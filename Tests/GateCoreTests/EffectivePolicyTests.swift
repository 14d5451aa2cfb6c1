import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("EffectivePolicy and PolicyOverrides", .boundedConcurrency)
struct EffectivePolicyTests {
    @Test("with no overrides every value is the default")
    func noOverrides() throws {
        let effective = EffectivePolicy(household: try PolicyOverrides())
        #expect(effective.policy == Policy.default)
        #expect(effective.sources.count == PolicyField.allCases.count)
        for field in PolicyField.allCases {
            #expect(effective.source(of: field) == .default)
            #expect(effective.sources[field] == .default)
        }
    }

    @Test("no profile and a profile without overrides resolve alike")
    func emptyProfileOverrides() throws {
        let household = try PolicyOverrides([.lockout: .duration(.seconds(600))])
        #expect(EffectivePolicy(household: household) == EffectivePolicy(household: household, profile: try PolicyOverrides()))
    }

    @Test("a household override beats the default")
    func householdBeatsDefault() throws {
        let effective = EffectivePolicy(household: try PolicyOverrides([.lockout: .duration(.seconds(600)), .choiceCount: .count(6)]))
        #expect(effective.policy.lockout == .seconds(600))
        #expect(effective.policy.choiceCount == 6)
        #expect(effective.source(of: .lockout) == .household)
        #expect(effective.source(of: .choiceCount) == .household)
        #expect(effective.source(of: .timeLimit) == .default)
        #expect(effective.policy.timeLimit == Policy.default.timeLimit)
    }

    @Test("a profile override beats the household's")
    func profileBeatsHousehold() throws {
        let household = try PolicyOverrides([.lockout: .duration(.seconds(600)), .difficulty: .difficulty(.easy)])
        let profile = try PolicyOverrides([.lockout: .duration(.seconds(60)), .answerFormat: .answerFormat(.choice)])
        let effective = EffectivePolicy(household: household, profile: profile)
        #expect(effective.policy.lockout == .seconds(60))
        #expect(effective.source(of: .lockout) == .profile)
        #expect(effective.policy.difficulty == .easy)
        #expect(effective.source(of: .difficulty) == .household)
        #expect(effective.policy.answerFormat == .choice)
        #expect(effective.source(of: .answerFormat) == .profile)
        #expect(effective.policy.maxLockout == Policy.default.maxLockout)
        #expect(effective.source(of: .maxLockout) == .default)
    }

    @Test("a value set equal to the default still reports where it was set")
    func sourceOfRedundantOverride() throws {
        let household = try PolicyOverrides([.choiceCount: .count(4)])
        let profile = try PolicyOverrides([.timeLimit: .duration(.seconds(30))])
        let effective = EffectivePolicy(household: household, profile: profile)
        #expect(effective.policy == Policy.default)
        #expect(effective.source(of: .choiceCount) == .household)
        #expect(effective.source(of: .timeLimit) == .profile)
        #expect(effective.source(of: .lockout) == .default)
    }

    @Test("a profile can override every field")
    func profileOverridesEverything() throws {
        var values: [PolicyField: PolicyValue] = [:]
        for field in PolicyField.allCases { values[field] = PolicyTests.changedValues[field] }
        let effective = EffectivePolicy(household: try PolicyOverrides(values), profile: try PolicyOverrides(values))
        for field in PolicyField.allCases {
            #expect(effective.policy[field] == PolicyTests.changedValues[field])
            #expect(effective.source(of: field) == .profile)
        }
    }

    @Test("resolution follows default < household < profile for generated overrides")
    func generatedResolution() throws {
        var generator = SeededGenerator(seed: 0xE44EC7)
        for _ in 0..<1_000 {
            var householdValues: [PolicyField: PolicyValue] = [:]
            var profileValues: [PolicyField: PolicyValue] = [:]
            for field in PolicyField.allCases {
                if Int.random(in: 0..<3, using: &generator) == 0 { householdValues[field] = randomValue(for: field, using: &generator) }
                if Int.random(in: 0..<3, using: &generator) == 0 { profileValues[field] = randomValue(for: field, using: &generator) }
            }
            let hasProfile = Bool.random(using: &generator)
            let effective = EffectivePolicy(
                household: try PolicyOverrides(householdValues), profile: hasProfile ? try PolicyOverrides(profileValues) : nil)
            for field in PolicyField.allCases {
                let expected: (PolicyValue, PolicySource)
                if hasProfile, let value = profileValues[field] {
                    expected = (value, .profile)
                } else if let value = householdValues[field] {
                    expected = (value, .household)
                } else {
                    expected = (Policy.default[field], .default)
                }
                #expect(effective.policy[field] == expected.0, "\(field.rawValue)")
                #expect(effective.source(of: field) == expected.1, "\(field.rawValue)")
            }
        }
    }

    @Test("the effective policy does not itself check rules between fields")
    func inconsistentEffectivePolicy() throws {
        // The household's minimum response time and the profile's time limit are each valid;
        // together they break a rule, which validateConsistency reports.
        let effective = EffectivePolicy(
            household: try PolicyOverrides([.minResponseTime: .duration(.seconds(10))]),
            profile: try PolicyOverrides([.timeLimit: .duration(.seconds(5))]))
        #expect(effective.policy.minResponseTime == .seconds(10))
        #expect(effective.policy.timeLimit == .seconds(5))
        #expect(throws: GateInputError.self) { try effective.policy.validateConsistency() }
    }

    // MARK: PolicyOverrides

    @Test("overrides validate every value they are given")
    func overridesValidate() {
        #expect(throws: GateInputError.outOfRange(field: .choiceCount, value: "1", range: "2...8")) {
            try PolicyOverrides([.choiceCount: .count(1)])
        }
        #expect(throws: GateInputError.malformedValue(field: .lockout, text: "3", expected: "1s...7d")) {
            try PolicyOverrides([.lockout: .count(3)])
        }
        #expect(throws: GateInputError.self) {
            try PolicyOverrides([.difficulty: .difficulty(.hard), .maxWrongAnswers: .count(0)])
        }
    }

    @Test("overrides keep their values and version")
    func overridesKeepValues() throws {
        let overrides = try PolicyOverrides([.difficulty: .difficulty(.hard)], version: 7)
        #expect(overrides.version == 7)
        #expect(overrides[.difficulty] == .difficulty(.hard))
        #expect(overrides[.lockout] == nil)
        #expect(overrides.values == [.difficulty: .difficulty(.hard)])
        #expect(try PolicyOverrides().version == 0)
        #expect(try PolicyOverrides().values.isEmpty)
    }

    @Test("set adds, replaces and removes an override")
    func setAndClear() throws {
        var overrides = try PolicyOverrides()
        try overrides.set(.lockout, to: .duration(.seconds(90)))
        #expect(overrides[.lockout] == .duration(.seconds(90)))
        try overrides.set(.lockout, to: .duration(.seconds(120)))
        #expect(overrides[.lockout] == .duration(.seconds(120)))
        try overrides.set(.lockout, to: nil)
        #expect(overrides[.lockout] == nil)
        #expect(overrides.values.isEmpty)
        // Clearing a field that was never set is fine.
        try overrides.set(.difficulty, to: nil)
        #expect(overrides.values.isEmpty)
    }

    @Test("set refuses an invalid value and leaves the overrides as they were")
    func setRefusesInvalid() throws {
        var overrides = try PolicyOverrides([.lockout: .duration(.seconds(90))], version: 2)
        let before = overrides
        #expect(throws: GateInputError.outOfRange(field: .lockout, value: "8d", range: "1s...7d")) {
            try overrides.set(.lockout, to: .duration(.seconds(8 * 86_400)))
        }
        #expect(throws: GateInputError.self) { try overrides.set(.timeLimit, to: .factor(2)) }
        #expect(overrides == before)
    }

    @Test("policy scopes name their profile")
    func scopes() {
        #expect(PolicyScope.household.profileID == nil)
        #expect(PolicyScope.profile(id: 42).profileID == 42)
        #expect(PolicyScope.profile(id: 1) != PolicyScope.household)
    }

    @Test("policy sources have stable names")
    func sourceNames() throws {
        #expect(PolicySource.default.rawValue == "default")
        #expect(PolicySource.household.rawValue == "household")
        #expect(PolicySource.profile.rawValue == "profile")
        let data = try JSONEncoder().encode([PolicySource.default, .household, .profile])
        #expect(String(decoding: data, as: UTF8.self) == #"["default","household","profile"]"#)
    }
}
