import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

@Suite("Constraints refuse bad data and write nothing", .boundedConcurrency)
struct ConstraintTests {
    @Test("a profile name that differs only in case (or normalization) is a duplicate", arguments: [
        ("Emma", "EMMA"), ("emma", " Emma "), ("Ёлка", "ЁЛКА"), ("Zoë", "zoe\u{308}"),
    ])
    func duplicateNameInAnotherCase(first: String, second: String) async throws {
        let test = try TestStore()
        defer { test.remove() }
        try await test.addProfile(first)
        let audit = try test.count("audit_log")
        await #expect(throws: StoreError.self) { try await test.addProfile(second) }
        do {
            try await test.addProfile(second)
        } catch let error as StoreError {
            #expect(error.description.contains("already exists"))
        }
        #expect(try test.count("profiles") == 1)
        #expect(try test.count("gate_states") == 1)
        #expect(try test.count("audit_log") == audit)
    }

    @Test("the schema's UNIQUE name key backs up the check, even for raw SQL")
    func uniqueKeyInSchema() async throws {
        let test = try TestStore()
        defer { test.remove() }
        try await test.addProfile("emma")
        #expect(throws: DatabaseError.self) {
            try test.raw().write { db in
                try db.execute(sql: """
                    INSERT INTO profiles (name, name_key, display_name, locale, created_at, updated_at)
                    VALUES ('EMMA', 'emma', 'Emma', 'en', 0, 0)
                    """)
            }
        }
        #expect(try test.count("profiles") == 1)
    }

    @Test("renaming onto another profile's name is refused; renaming to a new case of its own is not")
    func renameDuplicates() async throws {
        let test = try TestStore()
        defer { test.remove() }
        try await test.addProfile("emma")
        try await test.addProfile("liam")
        let actor = try TestStore.parent
        let now = test.clock.now
        let liam = try ProfileName("LIAM")
        await #expect(throws: StoreError.duplicateProfile(name: "LIAM", existing: "liam")) {
            try await test.store.write { try $0.renameProfile("emma", to: liam, by: actor, at: now) }
        }
        let emma = try ProfileName("Emma")
        let renamed = try await test.store.write { try $0.renameProfile("emma", to: emma, by: actor, at: now) }
        #expect(renamed.name == "Emma")
    }

    @Test("malformed and unknown locales are refused by LocaleTag, before any store sees them", arguments: [
        "", "e", "english", "en-", "en--US", "12", "xx", "en US", "ru_RU_moscow_ex",
    ])
    func badLocale(text: String) async throws {
        #expect(throws: GateInputError.self) { _ = try LocaleTag(text) }
    }

    @Test("the schema refuses a malformed locale written with raw SQL", arguments: ["", "1en", "en US", "en-", "en--us", "EN"])
    func badLocaleInSchema(locale: String) async throws {
        let test = try TestStore()
        defer { test.remove() }
        #expect(throws: DatabaseError.self) {
            try test.raw().write { db in
                try db.execute(sql: """
                    INSERT INTO profiles (name, name_key, display_name, locale, created_at, updated_at)
                    VALUES ('emma', 'emma', 'Emma', ?, 0, 0)
                    """, arguments: [locale])
            }
        }
        #expect(try test.count("profiles") == 0)
    }

    @Test("the schema refuses names that are empty, untrimmed or too long")
    func badNamesInSchema() async throws {
        let test = try TestStore()
        defer { test.remove() }
        for name in ["", " emma", "emma ", String(repeating: "a", count: 1025)] {
            #expect(throws: DatabaseError.self, "\(name)") {
                try test.raw().write { db in
                    try db.execute(sql: """
                        INSERT INTO profiles (name, name_key, display_name, locale, created_at, updated_at)
                        VALUES (?, 'k', 'Emma', 'en', 0, 0)
                        """, arguments: [name])
                }
            }
        }
        #expect(try test.count("profiles") == 0)
    }

    /// Each count and duration field at its bounds and just outside, through the schema.
    @Test("each policy column's CHECK matches the field's range in GateCore", arguments: PolicyField.allCases)
    func policyRangesInSchema(field: PolicyField) async throws {
        let test = try TestStore()
        defer { test.remove() }
        let (accepted, refused): ([DatabaseValue], [DatabaseValue]) = switch field.kind {
        case .answerFormat: (["entry".databaseValue, "choice".databaseValue], ["Entry".databaseValue, "".databaseValue])
        case .difficulty: (["easy".databaseValue, "hard".databaseValue], ["medium".databaseValue])
        case .questionSource:
            (["arithmetic".databaseValue, "mixed".databaseValue, "questionSet:animals".databaseValue],
             ["questionSet:".databaseValue, "sets".databaseValue])
        case .count(let range):
            ([range.lowerBound.databaseValue, range.upperBound.databaseValue],
             [(range.lowerBound - 1).databaseValue, (range.upperBound + 1).databaseValue])
        case .duration(let range):
            ([range.lowerBound.wholeMilliseconds.databaseValue, range.upperBound.wholeMilliseconds.databaseValue],
             [(range.lowerBound.wholeMilliseconds - 1).databaseValue, (range.upperBound.wholeMilliseconds + 1).databaseValue])
        case .factor(let range):
            ([range.lowerBound.databaseValue, range.upperBound.databaseValue],
             [(range.lowerBound - 0.01).databaseValue, (range.upperBound + 0.01).databaseValue])
        case .permission: (["allowed".databaseValue, "off".databaseValue], ["on".databaseValue, "Allowed".databaseValue])
        }
        let update = "UPDATE policies SET \(field.column) = ? WHERE profile_id IS NULL"
        for value in accepted {
            try test.execute(update, [value])
        }
        try test.execute(update, [DatabaseValue.null])
        for value in refused {
            #expect(throws: DatabaseError.self, "\(field) = \(value)") { try test.execute(update, [value]) }
        }
        let stored = try await test.raw().read { db in
            try DatabaseValue.fetchOne(db, sql: "SELECT \(field.column) FROM policies WHERE profile_id IS NULL")
        }
        #expect(stored == .null)
    }

    @Test("an out-of-range policy value is refused by the store with nothing written")
    func outOfRangePolicyThroughStore() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let actor = try TestStore.parent
        let now = test.clock.now
        let before = (try test.count("policy_changes"), try test.count("audit_log"))
        await #expect(throws: GateInputError.outOfRange(field: .maxWrongAnswers, value: "11", range: "1...10")) {
            try await test.store.write { try $0.setPolicy(.maxWrongAnswers, to: .count(11), for: .household, by: actor, at: now) }
        }
        await #expect(throws: GateInputError.self) {
            try await test.store.write { try $0.setPolicy(.lockout, to: .count(5), for: .household, by: actor, at: now) }
        }
        #expect((try test.count("policy_changes"), try test.count("audit_log")) == before)
        let policy = try await test.store.read { try $0.effectivePolicy(.household) }
        #expect(policy.policy == .default)
    }

    @Test("one open challenge per profile, and a challenge ends exactly once, in the schema itself")
    func challengeConstraints() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let profile = try await test.addProfile("emma")
        let now = test.clock.now
        let first = IssuedChallenge.sample(profileID: profile.id, at: now)
        let second = IssuedChallenge.sample(profileID: profile.id, at: now)
        try await test.store.write { try $0.insertChallenge(first, at: now) }
        await #expect(throws: StoreError.self) {
            try await test.store.write { try $0.insertChallenge(second, at: now) }
        }
        #expect(try test.count("challenges") == 1)

        try await test.store.write { try $0.endChallenge(first.challenge.id, as: .passed, at: now) }
        await #expect(throws: StoreError.challengeAlreadyEnded(first.challenge.id.rawValue)) {
            try await test.store.write { try $0.endChallenge(first.challenge.id, as: .failed, at: now) }
        }
        #expect(throws: DatabaseError.self) {
            try test.raw().write { db in
                try db.execute(sql: "UPDATE challenges SET status = 'failed' WHERE id = ?", arguments: [first.challenge.id.rawValue])
            }
        }
        let stored = try await test.store.read { try $0.challenge(id: first.challenge.id) }
        #expect(stored?.status == .passed)
    }

    @Test("every audit event kind of GateCore is accepted by the schema, and no other")
    func auditKinds() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let now = test.clock.now
        for kind in AuditEventKind.allCases {
            try await test.store.write { try $0.appendAudit(AuditEvent(kind), at: now) }
        }
        #expect(try test.count("audit_log") == AuditEventKind.allCases.count)
        let listed = try await test.raw().read { db in try String.fetchAll(db, sql: "SELECT name FROM audit_event_kinds") }
        #expect(Set(listed) == Set(AuditEventKind.allCases.map(\.rawValue)))
        #expect(throws: DatabaseError.self) {
            try test.execute("""
                INSERT INTO audit_log (id, occurred_at, kind, prev_hash, hash)
                VALUES (1000, 0, 'profileHacked', zeroblob(32), zeroblob(32))
                """)
        }
    }

    @Test("the audit log refuses UPDATE and DELETE through SQL")
    func auditAppendOnly() async throws {
        let test = try TestStore()
        defer { test.remove() }
        try await test.addProfile("emma")
        #expect(throws: DatabaseError.self) {
            try test.raw().write { db in try db.execute(sql: "UPDATE audit_log SET actor = 'someone else'") }
        }
        #expect(throws: DatabaseError.self) {
            try test.raw().write { db in try db.execute(sql: "DELETE FROM audit_log") }
        }
        #expect(try test.count("audit_log") == 1)
    }

    @Test("a write that fails halfway leaves nothing behind")
    func failedTransactionRollsBack() async throws {
        let test = try TestStore()
        defer { test.remove() }
        let actor = try TestStore.parent
        let now = test.clock.now
        let emma = try ProfileName("emma")
        let liam = try ProfileName("EMMA")
        let english = try LocaleTag("en")
        await #expect(throws: StoreError.self) {
            try await test.store.write { transaction in
                _ = try transaction.addProfile(name: emma, locale: english, by: actor, at: now)
                _ = try transaction.addProfile(name: liam, locale: english, by: actor, at: now)
            }
        }
        #expect(try test.count("profiles") == 0)
        #expect(try test.count("audit_log") == 0)
        #expect(try test.count("gate_states") == 0)
    }
}
