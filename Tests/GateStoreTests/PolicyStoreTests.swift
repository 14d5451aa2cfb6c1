import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

@Suite("Policy inheritance and history", .boundedConcurrency)
struct PolicyStoreTests {
    @Test("a profile inherits default, then household, then its own override, and knows where each comes from", arguments: StoreBackend.allCases)
    func inheritance(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let liam = try await test.addProfile("liam")
        let actor = try TestStore.parent
        let now = test.clock.now
        try await test.store.write { transaction in
            try transaction.setPolicy(.maxWrongAnswers, to: .count(2), for: .household, by: actor, at: now)
            try transaction.setPolicy(.lockout, to: .duration(.seconds(600)), for: .household, by: actor, at: now)
            try transaction.setPolicy(.maxWrongAnswers, to: .count(3), for: .profile(id: emma.id), by: actor, at: now)
            try transaction.setPolicy(.answerFormat, to: .answerFormat(.choice), for: .profile(id: emma.id), by: actor, at: now)
        }
        let (forEmma, forLiam, household) = try await test.store.read { transaction in
            (try transaction.effectivePolicy(.profile(id: emma.id)), try transaction.effectivePolicy(.profile(id: liam.id)),
             try transaction.effectivePolicy(.household))
        }
        #expect(forEmma.policy.maxWrongAnswers == 3)
        #expect(forEmma.source(of: .maxWrongAnswers) == .profile)
        #expect(forEmma.policy.answerFormat == .choice)
        #expect(forEmma.policy.lockout == .seconds(600))
        #expect(forEmma.source(of: .lockout) == .household)
        #expect(forEmma.policy.timeLimit == Policy.default.timeLimit)
        #expect(forEmma.source(of: .timeLimit) == .default)

        #expect(forLiam.policy.maxWrongAnswers == 2)
        #expect(forLiam.source(of: .maxWrongAnswers) == .household)
        #expect(forLiam.policy.answerFormat == .entry)
        #expect(household.policy.maxWrongAnswers == 2)
        #expect(household.source(of: .answerFormat) == .default)
    }

    @Test("every change is recorded with who, when, old and new, and bumps the version", arguments: StoreBackend.allCases)
    func history(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let mum = try Label("mum", what: "actor")
        let dad = try Label("dad", what: "actor")
        let first = test.clock.now
        try await test.store.write { try $0.setPolicy(.lockout, to: .duration(.seconds(600)), for: .profile(id: emma.id), by: mum, at: first) }
        test.clock.advance(by: .seconds(3600))
        let second = test.clock.now
        try await test.store.write { try $0.setPolicy(.lockout, to: .duration(.seconds(900)), for: .profile(id: emma.id), by: dad, at: second) }
        test.clock.advance(by: .seconds(60))
        let third = test.clock.now
        try await test.store.write { try $0.setPolicy(.lockout, to: nil, for: .profile(id: emma.id), by: mum, at: third) }

        let (history, overrides, householdHistory) = try await test.store.read { transaction in
            (try transaction.policyHistory(.profile(id: emma.id)), try transaction.policyOverrides(.profile(id: emma.id)),
             try transaction.policyHistory(.household))
        }
        #expect(history.map(\.version) == [3, 2, 1])
        #expect(history.map(\.changedBy) == ["mum", "dad", "mum"])
        #expect(history.map(\.oldValue) == ["15m", "10m", nil])
        #expect(history.map(\.newValue) == [nil, "15m", "10m"])
        #expect(history.map(\.changedAt) == [third, second, first].map { Date(millisecondsSince1970: $0.millisecondsSince1970) })
        #expect(history.allSatisfy { $0.field == .lockout && $0.profileID == emma.id })
        #expect(overrides.version == 3)
        #expect(overrides[.lockout] == nil)
        #expect(householdHistory.isEmpty)

        let audited = try await test.store.read { try $0.auditEntries(AuditFilter(kinds: [.policyChanged]), limit: 1000).items }
        #expect(audited.count == 3)
        #expect(audited.first?.event.details["new"] == "10m")
        #expect(audited.first?.event.actor == "mum")
        #expect(audited.first?.event.profileName == "emma")
    }

    @Test("setting a field to the value it already has records nothing", arguments: StoreBackend.allCases)
    func unchangedValueIsNotAChange(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let actor = try TestStore.parent
        let now = test.clock.now
        let first = try await test.store.write { try $0.setPolicy(.maxWrongAnswers, to: .count(2), for: .household, by: actor, at: now) }
        let again = try await test.store.write { try $0.setPolicy(.maxWrongAnswers, to: .count(2), for: .household, by: actor, at: now) }
        #expect(first != nil)
        #expect(again == nil)
        #expect(try await test.count("policy_changes") == 1)
    }

    @Test("a household change that makes a profile's effective policy inconsistent is refused with nothing written", arguments: StoreBackend.allCases)
    func inconsistentThroughInheritance(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let actor = try TestStore.parent
        let now = test.clock.now
        try await test.store.write { transaction in
            try transaction.setPolicy(.maxLockout, to: .duration(.seconds(1800)), for: .profile(id: emma.id), by: actor, at: now)
            try transaction.setPolicy(.minResponseTime, to: .duration(.seconds(8)), for: .profile(id: emma.id), by: actor, at: now)
        }
        let changes = try await test.count("policy_changes")
        await #expect(throws: GateInputError.self) {
            try await test.store.write { try $0.setPolicy(.lockout, to: .duration(.seconds(3600)), for: .household, by: actor, at: now) }
        }
        do {
            try await test.store.write { try $0.setPolicy(.lockout, to: .duration(.seconds(3600)), for: .household, by: actor, at: now) }
        } catch let error as GateInputError {
            #expect(error.description.contains("emma"))
            #expect(error.description.contains("maxLockout"))
        }
        await #expect(throws: GateInputError.self) {
            try await test.store.write { try $0.setPolicy(.timeLimit, to: .duration(.seconds(5)), for: .household, by: actor, at: now) }
        }
        #expect(try await test.count("policy_changes") == changes)
        let household = try await test.store.read { try $0.effectivePolicy(.household) }
        #expect(household.policy == .default)
    }

    @Test("removing a profile removes its override and history but keeps the audit trail", arguments: StoreBackend.allCases)
    func removeProfileKeepsAudit(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let actor = try TestStore.parent
        let now = test.clock.now
        try await test.store.write { try $0.setPolicy(.maxWrongAnswers, to: .count(2), for: .profile(id: emma.id), by: actor, at: now) }
        try await test.store.write { try $0.removeProfile("EMMA", by: actor, at: now) }
        #expect(try await test.count("profiles") == 0)
        #expect(try await test.count("policies") == 1)
        #expect(try await test.count("policy_changes") == 0)
        let kinds = try await test.store.read { try $0.auditEntries(AuditFilter(profileID: emma.id), limit: 1000).items.map(\.event.kind) }
        #expect(kinds == [.profileAdded, .policyChanged, .profileRemoved])
        #expect(try await test.store.verifyAudit().isIntact)
    }
}
