import Foundation
import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// `setPolicy(.lockout, to: .minutes(10))`: typed values beside the text form.
@Suite("Typed policy setters", .boundedConcurrency)
struct PolicySettingTests {
    @Test("a typed value sets what its text form sets, and records the same change", arguments: Backend.allCases)
    func sameAsText(backend: Backend) async throws {
        let typedBacking = try await backend.gate()
        let textBacking = try await backend.gate()
        defer { typedBacking.remove(); textBacking.remove() }
        let typed = typedBacking.test
        let text = textBacking.test
        for test in [typed, text] { try await test.gate.addProfile("emma") }
        let typedChanges = [
            try await typed.gate.setPolicy(.lockout, to: .minutes(10), for: "emma", by: "mum"),
            try await typed.gate.setPolicy(.maxWrongAnswers, to: 2, by: "mum"),
            try await typed.gate.setPolicy(.answerFormat, to: .choice, by: "mum"),
            try await typed.gate.setPolicy(.difficulty, to: .hard, by: "mum"),
            try await typed.gate.setPolicy(.questionSource, to: .mixed, by: "mum"),
            try await typed.gate.setPolicy(.lockoutGrowth, to: 1.5, by: "mum"),
            try await typed.gate.setPolicy(.minResponseTime, to: .milliseconds(1200), by: "mum"),
            try await typed.gate.setPolicy(.auditRetention, to: .days(400), by: "mum"),
            try await typed.gate.setPolicy(.parentSession, to: .hours(1), by: "mum"),
        ]
        let textChanges = [
            try await text.gate.setPolicy(.lockout, to: "10m", for: "emma", by: "mum"),
            try await text.gate.setPolicy(.maxWrongAnswers, to: "2", by: "mum"),
            try await text.gate.setPolicy(.answerFormat, to: "choice", by: "mum"),
            try await text.gate.setPolicy(.difficulty, to: "hard", by: "mum"),
            try await text.gate.setPolicy(.questionSource, to: "mixed", by: "mum"),
            try await text.gate.setPolicy(.lockoutGrowth, to: "1.5", by: "mum"),
            try await text.gate.setPolicy(.minResponseTime, to: "1.2s", by: "mum"),
            try await text.gate.setPolicy(.auditRetention, to: "400d", by: "mum"),
            try await text.gate.setPolicy(.parentSession, to: "1h", by: "mum"),
        ]
        #expect(typedChanges.map { $0?.newValue } == textChanges.map { $0?.newValue })
        #expect(try await typed.gate.policy(for: "emma") == text.gate.policy(for: "emma"))
        #expect(try await typed.gate.policy(for: "emma").policy.lockout == .seconds(600))
        #expect(try await typed.gate.setPolicy(.lockout, to: .seconds(600), for: "emma") == nil, "no change, nothing recorded")
    }

    @Test("every field has a typed setting")
    func everyField() {
        let fields: [PolicyField] = [
            PolicySetting.answerFormat.field, PolicySetting.choiceCount.field, PolicySetting.difficulty.field,
            PolicySetting.questionSource.field, PolicySetting.maxWrongAnswers.field, PolicySetting.timeLimit.field,
            PolicySetting.minResponseTime.field, PolicySetting.maxFailedChallenges.field, PolicySetting.failureWindow.field,
            PolicySetting.lockout.field, PolicySetting.lockoutGrowth.field, PolicySetting.maxLockout.field,
            PolicySetting.hardLockAfter.field, PolicySetting.parentSession.field, PolicySetting.auditRetention.field,
            PolicySetting.askParent.field, PolicySetting.askExpiry.field, PolicySetting.askCooldown.field,
            PolicySetting.quietHours.field, PolicySetting.timeZone.field, PolicySetting.maxApproval.field,
            PolicySetting.dragBallSize.field, PolicySetting.dragMinSpeed.field, PolicySetting.dragMaxSpeed.field,
            PolicySetting.dragBoxSize.field, PolicySetting.dragFirstTouch.field, PolicySetting.step.field, PolicySetting.holdTime.field,
        ]
        #expect(fields == PolicyField.allCases)
    }

    @Test("out-of-range and inconsistent values are one clear error and change nothing", arguments: Backend.allCases)
    func refused(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let before = try await test.gate.policyHistory()
        await #expect(throws: GateError.invalidInput(.outOfRange(field: .lockout, value: "0s", range: "1s...7d"))) {
            try await test.gate.setPolicy(.lockout, to: .zero)
        }
        await #expect(throws: GateError.self) { try await test.gate.setPolicy(.maxLockout, to: .minutes(.max)) }
        await #expect(throws: GateError.self) { try await test.gate.setPolicy(.lockoutGrowth, to: .nan) }
        await #expect(throws: GateError.self) { try await test.gate.setPolicy(.choiceCount, to: 9) }
        await #expect(throws: GateError.self) { try await test.gate.setPolicy(.questionSource, to: .questionSet(" x ")) }
        await #expect(throws: GateError.self) { try await test.gate.setPolicy(.lockout, to: .minutes(10), for: "liam") }
        // Choices: a policy whose tries reach its options is refused, whichever way it is set.
        try await test.gate.setPolicy(.answerFormat, to: .choice)
        try await test.gate.setPolicy(.choiceCount, to: 2)
        await #expect(throws: GateError.self) { try await test.gate.setPolicy(.maxWrongAnswers, to: 2) }
        #expect(try await test.gate.policyHistory().count == before.count + 2)
    }

    @Test("durations are kept in whole milliseconds; .minutes, .hours and .days never overflow", arguments: Backend.allCases)
    func durations(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.setPolicy(.minResponseTime, to: .nanoseconds(1_500_000_999))
        #expect(try await test.gate.policy().policy.minResponseTime == .milliseconds(1500))
        #expect(Duration.minutes(10) == .seconds(600) && Duration.hours(2) == .seconds(7200) && Duration.days(1) == .seconds(86_400))
        #expect(Duration.days(.max) == .seconds(Int64.max) && Duration.minutes(.min) == .seconds(Int64.min))
    }
}
