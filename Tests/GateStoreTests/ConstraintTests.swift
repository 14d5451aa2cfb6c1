import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

@Suite("Constraints refuse bad data and write nothing", .boundedConcurrency)
struct ConstraintTests {
    /// Two spellings of one name.
    struct NamePair: Sendable, CustomTestStringConvertible {
        let first: String
        let second: String
        var testDescription: String { "\(first) / \(second)" }
    }

    @Test("a profile name that differs only in case (or normalization) is a duplicate", arguments: StoreBackend.allCases, [
        ("Emma", "EMMA"), ("emma", " Emma "), ("Ёлка", "ЁЛКА"), ("Zoë", "zoe\u{308}"),
    ].map { NamePair(first: $0.0, second: $0.1) })
    func duplicateNameInAnotherCase(backend: StoreBackend, names: NamePair) async throws {
        let (first, second) = (names.first, names.second)
        let test = try await TestStorage(backend)
        defer { test.remove() }
        try await test.addProfile(first)
        let audit = try await test.count("audit_log")
        await #expect(throws: StoreError.self) { try await test.addProfile(second) }
        do {
            try await test.addProfile(second)
        } catch let error as StoreError {
            #expect(error.description.contains("already exists"))
        }
        #expect(try await test.count("profiles") == 1)
        #expect(try await test.count("gate_states") == 1)
        #expect(try await test.count("audit_log") == audit)
    }

    @Test("the schema's UNIQUE name key backs up the check, even for raw SQL", arguments: StoreBackend.allCases)
    func uniqueKeyInSchema(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        try await test.addProfile("emma")
        #expect(await test.refuses("""
            INSERT INTO profiles (name, name_key, display_name, locale, created_at, updated_at)
            VALUES ('EMMA', 'emma', 'Emma', 'en', 0, 0)
            """))
        #expect(try await test.count("profiles") == 1)
    }

    @Test("renaming onto another profile's name is refused; renaming to a new case of its own is not", arguments: StoreBackend.allCases)
    func renameDuplicates(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        try await test.addProfile("emma")
        try await test.addProfile("liam")
        let actor = try TestStore.parent
        let now = test.clock.now
        let liam = try ProfileName("LIAM")
        await #expect(throws: StoreError.conflict(.duplicateProfile(name: "LIAM", existing: "liam"))) {
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

    @Test("the schema refuses a malformed locale written with raw SQL", arguments: StoreBackend.allCases)
    func badLocaleInSchema(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        for locale in ["", "1en", "en US", "en-", "en--us", "EN"] {
            #expect(await test.refuses("""
                INSERT INTO profiles (name, name_key, display_name, locale, created_at, updated_at)
                VALUES ('emma', 'emma', 'Emma', ?, 0, 0)
                """, [locale]), "\(locale)")
        }
        #expect(try await test.count("profiles") == 0)
    }

    @Test("the schema refuses names that are empty, untrimmed or too long", arguments: StoreBackend.allCases)
    func badNamesInSchema(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        for name in ["", " emma", "emma ", String(repeating: "a", count: 1025)] {
            #expect(await test.refuses("""
                INSERT INTO profiles (name, name_key, display_name, locale, created_at, updated_at)
                VALUES (?, 'k', 'Emma', 'en', 0, 0)
                """, [name]), "\(name)")
        }
        #expect(try await test.count("profiles") == 0)
    }

    /// Each count and duration field at its bounds and just outside, through the schema.
    @Test("each policy column's CHECK matches the field's range in GateCore", arguments: StoreBackend.allCases, PolicyField.allCases)
    func policyRangesInSchema(backend: StoreBackend, field: PolicyField) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let (accepted, refused): ([DatabaseValue], [DatabaseValue]) = switch field.kind {
        case .answerFormat: (["entry".databaseValue, "choice".databaseValue, "drag".databaseValue], ["Entry".databaseValue, "".databaseValue])
        case .step: (["none".databaseValue, "hold".databaseValue, "twoTargets".databaseValue], ["two".databaseValue, "Hold".databaseValue])
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
        // The form is checked where it is parsed (QuietHours, the zone's name); the schema bounds the length.
        case .quietHours:
            (["off".databaseValue, "mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00".databaseValue],
             ["".databaseValue, String(repeating: "x", count: 401).databaseValue])
        case .timeZone: (["local".databaseValue, "Europe/Berlin".databaseValue], ["".databaseValue, String(repeating: "x", count: 65).databaseValue])
        }
        let update = "UPDATE policies SET \(field.column) = ? WHERE profile_id IS NULL"
        for value in accepted {
            try await test.execute(update, [value])
        }
        try await test.execute(update, [DatabaseValue.null])
        for value in refused {
            #expect(await test.refuses(update, [value]), "\(field) = \(value)")
        }
        let stored = try await test.rows("SELECT \(field.column) AS v FROM policies WHERE profile_id IS NULL").first?["v"]
        #expect(stored == DatabaseValue.null)
    }

    @Test("an out-of-range policy value is refused by the store with nothing written", arguments: StoreBackend.allCases)
    func outOfRangePolicyThroughStore(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let actor = try TestStore.parent
        let now = test.clock.now
        let before = (try await test.count("policy_changes"), try await test.count("audit_log"))
        await #expect(throws: GateInputError.outOfRange(field: .maxWrongAnswers, value: "11", range: "1...10")) {
            try await test.store.write { try $0.setPolicy(.maxWrongAnswers, to: .count(11), for: .household, by: actor, at: now) }
        }
        await #expect(throws: GateInputError.self) {
            try await test.store.write { try $0.setPolicy(.lockout, to: .count(5), for: .household, by: actor, at: now) }
        }
        #expect((try await test.count("policy_changes"), try await test.count("audit_log")) == before)
        let policy = try await test.store.read { try $0.effectivePolicy(.household) }
        #expect(policy.policy == .default)
    }

    @Test("one open challenge per profile, and a challenge ends exactly once, in the schema itself", arguments: StoreBackend.allCases)
    func challengeConstraints(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let profile = try await test.addProfile("emma")
        let now = test.clock.now
        let first = IssuedChallenge.sample(profileID: profile.id, at: now)
        let second = IssuedChallenge.sample(profileID: profile.id, at: now)
        try await test.store.write { try $0.insertChallenge(first, at: now) }
        await #expect(throws: StoreError.self) {
            try await test.store.write { try $0.insertChallenge(second, at: now) }
        }
        #expect(try await test.count("challenges") == 1)

        try await test.store.write { try $0.endChallenge(first.challenge.id, as: .passed, at: now) }
        await #expect(throws: StoreError.conflict(.challengeEnded(first.challenge.id.rawValue))) {
            try await test.store.write { try $0.endChallenge(first.challenge.id, as: .failed, at: now) }
        }
        #expect(await test.refuses("UPDATE challenges SET status = 'failed' WHERE id = ?", [first.challenge.id.rawValue]))
        let stored = try await test.store.read { try $0.challenge(id: first.challenge.id) }
        #expect(stored?.status == .passed)
    }

    @Test("every audit event kind of GateCore is accepted by the schema, and no other", arguments: StoreBackend.allCases)
    func auditKinds(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let now = test.clock.now
        for kind in AuditEventKind.allCases {
            try await test.store.write { try $0.appendAudit(AuditEvent(kind), at: now) }
        }
        #expect(try await test.count("audit_log") == AuditEventKind.allCases.count)
        let listed = try await test.rows("SELECT name FROM audit_event_kinds").compactMap { $0["name"] as String? }
        #expect(Set(listed) == Set(AuditEventKind.allCases.map(\.rawValue)))
        #expect(await test.refuses("""
            INSERT INTO audit_log (id, occurred_at, kind, prev_hash, hash) VALUES (1000, 0, 'profileHacked', ?, ?)
            """, [Data(count: 32), Data(count: 32)]))
    }

    @Test("the audit log refuses UPDATE and DELETE through SQL", arguments: StoreBackend.allCases)
    func auditAppendOnly(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        try await test.addProfile("emma")
        #expect(await test.refuses("UPDATE audit_log SET actor = 'someone else'"))
        #expect(await test.refuses("DELETE FROM audit_log"))
        #expect(try await test.count("audit_log") == 1)
    }

    @Test("a write that fails halfway leaves nothing behind", arguments: StoreBackend.allCases)
    func failedTransactionRollsBack(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
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
        #expect(try await test.count("profiles") == 0)
        #expect(try await test.count("audit_log") == 0)
        #expect(try await test.count("gate_states") == 0)
    }

    @Test("the audit log's guards in the schema: the anchor never deleted, never back, never at the newest record; a sealed run never changes, an open one only grows; kinds never deleted; on PostgreSQL, the head never back nor deleted and nothing of the chain truncated", arguments: StoreBackend.allCases)
    func auditGuards(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        try await test.addProfile("liam")
        let first = try #require(try await test.rows("SELECT hash FROM audit_log WHERE id = 1").first?["hash"] as Data?)
        // The anchor: forward to a record before the newest is allowed, then never back, never
        // to the newest, never deleted.
        try await test.execute("UPDATE audit_anchor SET pruned_through_id = 1, pruned_through_hash = ?", [first])
        #expect(await test.refuses("UPDATE audit_anchor SET pruned_through_id = 0"))
        #expect(await test.refuses("UPDATE audit_anchor SET pruned_through_id = 2"))
        #expect(await test.refuses("DELETE FROM audit_anchor"))
        // Runs of repeats: an open one grows; once sealed, nothing changes.
        let insertRun = "INSERT INTO audit_repeats (audit_id, profile_id, kind, run_key, count, last_at, closed) VALUES (?, ?, 'beginRefused', 'k', 1, 0, ?)"
        try await test.execute(insertRun, [1, emma.id, 1])
        try await test.execute(insertRun, [2, emma.id, 0])
        try await test.execute("UPDATE audit_repeats SET count = 2, last_at = 5 WHERE audit_id = 2")
        #expect(await test.refuses("UPDATE audit_repeats SET count = 1 WHERE audit_id = 2"), "an open run never shrinks")
        #expect(await test.refuses("UPDATE audit_repeats SET last_at = 4 WHERE audit_id = 2"), "nor goes back in time")
        #expect(await test.refuses("UPDATE audit_repeats SET count = 3 WHERE audit_id = 1"), "a sealed run never changes")
        #expect(await test.refuses("DELETE FROM audit_event_kinds WHERE name = 'auditPruned'"))
        if backend == .postgres {
            try await test.execute("UPDATE audit_head SET last_id = last_id")
            #expect(await test.refuses("UPDATE audit_head SET last_id = last_id - 1"))
            #expect(await test.refuses("DELETE FROM audit_head"))
            #expect(await test.refuses("UPDATE audit_event_kinds SET name = 'renamed' WHERE name = 'auditPruned'"))
            for table in ["audit_head", "audit_anchor", "audit_repeats"] {
                #expect(await test.refuses("TRUNCATE \(table)"), "TRUNCATE \(table)")
            }
        }
        #expect(try await test.count("audit_anchor") == 1)
        #expect(try await test.rows("SELECT count AS n FROM audit_repeats WHERE audit_id = 2").first?["n"] == 2)
    }
}
