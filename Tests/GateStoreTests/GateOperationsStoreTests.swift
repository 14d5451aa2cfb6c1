import Foundation
import GateCore
@testable import GateStore
import GRDB
import Testing
import TestSlots

@Suite("Gate-state writes and their audit records", .boundedConcurrency)
struct GateOperationsStoreTests {
    @Test("issuing, answering and ending a challenge writes rows and audit records together", arguments: StoreBackend.allCases)
    func challengeLifecycle(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let issuedAt = test.clock.now
        let issued = IssuedChallenge.sample(profileID: emma.id, at: issuedAt, format: .choice)
        try await test.store.write { try $0.insertChallenge(issued, at: issuedAt) }
        test.clock.advance(by: .seconds(5))
        let answeredAt = test.clock.now
        let id = issued.challenge.id
        try await test.store.write { transaction in
            try transaction.recordAttempt(challenge: id, value: 54, outcome: .wrong, responseTime: .seconds(5), client: "tablet", at: answeredAt)
            try transaction.endChallenge(id, as: .failed, at: answeredAt)
        }
        let (stored, open, attempts, audit) = try await test.store.read { transaction in
            (try transaction.challenge(id: id), try transaction.openChallenge(profileID: emma.id),
             try transaction.attempts(AttemptFilter(profileID: emma.id), limit: 100).items, try transaction.auditEntries(AuditFilter(profileID: emma.id), limit: 1000).items)
        }
        let challenge = try #require(stored)
        #expect(challenge.status == .failed)
        #expect(challenge.wrongAnswers == 1)
        #expect(challenge.issued == issued.roundedToMilliseconds)
        #expect(challenge.endedAt == Date(millisecondsSince1970: answeredAt.millisecondsSince1970))
        #expect(open == nil)
        #expect(attempts.map(\.outcome) == [.wrong])
        #expect(attempts.first?.responseTime == .seconds(5))
        #expect(attempts.first?.client == "tablet")
        #expect(audit.map(\.event.kind) == [.profileAdded, .challengeIssued, .answerRecorded, .challengeFailed])
        #expect(audit[2].event.details["outcome"] == "wrong")
        #expect(audit[2].event.details["value"] == "54")
        #expect(audit[2].event.details["responseMs"] == "5000")
        #expect(audit[2].event.client == "tablet")
        #expect(audit[2].event.challengeID == id)
        #expect(audit.allSatisfy { $0.event.profileName == "emma" })
    }

    @Test("an answer to an ended challenge is recorded as a refused replay and changes nothing else", arguments: StoreBackend.allCases)
    func replay(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let issued = IssuedChallenge.sample(profileID: emma.id, at: now)
        let id = issued.challenge.id
        try await test.store.write { transaction in
            try transaction.insertChallenge(issued, at: now)
            try transaction.endChallenge(id, as: .passed, at: now)
            try transaction.recordAttempt(challenge: id, value: 1, outcome: .replay, responseTime: .seconds(9), client: nil, at: now)
        }
        let (stored, kinds) = try await test.store.read { transaction in
            (try transaction.challenge(id: id), try transaction.auditEntries(AuditFilter(), limit: 1000).items.map(\.event.kind))
        }
        #expect(stored?.status == .passed)
        #expect(stored?.wrongAnswers == 0)
        #expect(kinds.last == .replayRefused)
    }

    @Test("recent attempts filter by profile, time and outcome, newest first", arguments: StoreBackend.allCases)
    func attemptFilters(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let liam = try await test.addProfile("liam")
        let start = test.clock.now
        for (index, profile) in [emma, liam, emma, emma, liam].enumerated() {
            let now = test.clock.now
            let issued = IssuedChallenge.sample(profileID: profile.id, at: now)
            let outcome: AnswerOutcome = index.isMultiple(of: 2) ? .wrong : .tooFast
            try await test.store.write { transaction in
                try transaction.insertChallenge(issued, at: now)
                try transaction.recordAttempt(challenge: issued.challenge.id, value: index, outcome: outcome, responseTime: .seconds(2), client: nil, at: now)
                try transaction.endChallenge(issued.challenge.id, as: .failed, at: now)
            }
            test.clock.advance(by: .seconds(60))
        }
        let (emmas, recent, tooFast, limited) = try await test.store.read { transaction in
            (try transaction.attempts(AttemptFilter(profileID: emma.id), limit: 100).items,
             try transaction.attempts(AttemptFilter(since: start.addingTimeInterval(120)), limit: 100).items,
             try transaction.attempts(AttemptFilter(outcomes: [.tooFast]), limit: 100).items,
             try transaction.attempts(AttemptFilter(), limit: 2).items)
        }
        #expect(emmas.map(\.givenValue) == [3, 2, 0])
        #expect(recent.map(\.givenValue) == [4, 3, 2])
        #expect(tooFast.map(\.givenValue) == [3, 1])
        #expect(limited.map(\.givenValue) == [4, 3])
    }

    @Test("gate counters round-trip and their events are audited in the same transaction", arguments: StoreBackend.allCases)
    func counters(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let counters = GateCounters(
            failuresInRow: 0, lastFailureAt: now, lockoutLevel: 2, lockedUntil: now.addingTimeInterval(600),
            isHardLocked: false, latestSeenAt: now)
        let event = AuditEvent(.lockoutStarted, profileID: emma.id, details: ["level": "2"])
        try await test.store.write { try $0.saveGateCounters(counters, profileID: emma.id, auditing: [event], at: now) }
        let (stored, last) = try await test.store.read { transaction in
            (try transaction.gateCounters(profileID: emma.id), try transaction.auditEntries(AuditFilter(), limit: 1000).items.last)
        }
        #expect(stored == counters.roundedToMilliseconds)
        #expect(last?.event.kind == .lockoutStarted)
        #expect(last?.event.profileName == "emma")

        await #expect(throws: StoreError.self) {
            try await test.store.write { transaction in
                try transaction.saveGateCounters(.initial, profileID: emma.id, auditing: [AuditEvent(.unlocked, profileID: emma.id)], at: now)
                throw StoreError.constraint("simulated failure after the write")
            }
        }
        let after = try await test.store.read { try $0.gateCounters(profileID: emma.id) }
        #expect(after == counters.roundedToMilliseconds)
        #expect(try await test.count("audit_log") == 2)
    }

    @Test("a parent session keeps only the token's hash, is found by its token, and ends once", arguments: StoreBackend.allCases)
    func sessions(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let (session, token) = try await test.store.write {
            try $0.openSession(profileID: emma.id, challengeID: nil, expiresAt: now.addingTimeInterval(600), at: now)
        }
        #expect(token.count == 43)
        let stored = try await test.rows("SELECT * FROM parent_sessions")
        #expect(stored.count == 1)
        for row in stored {
            for column in row.columnNames {
                let value: DatabaseValue = row[column]
                #expect(String.fromDatabaseValue(value) != token)
            }
        }
        let (found, live, unknown) = try await test.store.read { transaction in
            (try transaction.session(token: token), try transaction.liveSession(profileID: emma.id, at: now.addingTimeInterval(599)),
             try transaction.session(token: token + "x"))
        }
        #expect(found?.id == session.id)
        #expect(live?.id == session.id)
        #expect(unknown == nil)
        let expired = try await test.store.read { try $0.liveSession(profileID: emma.id, at: now.addingTimeInterval(600)) }
        #expect(expired == nil)

        try await test.store.write { transaction in
            try transaction.endSession(session.id, reason: .ended, by: "mum", at: now)
            try transaction.endSession(session.id, reason: .ended, by: "mum", at: now)
        }
        let (ended, kinds) = try await test.store.read { transaction in
            (try transaction.session(token: token), try transaction.auditEntries(AuditFilter(), limit: 1000).items.map(\.event.kind))
        }
        #expect(ended?.endedAt != nil)
        #expect(ended?.isLive(at: now) == false)
        #expect(kinds.filter { $0 == .sessionEnded }.count == 1)
    }

    @Test("question sets import, replace only on request, list, fetch by locale and remove", arguments: StoreBackend.allCases)
    func questionSets(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let actor = try TestStore.parent
        let now = test.clock.now
        let animals = try QuestionSet(
            name: ProfileName("Animals", what: "question set name"), locale: LocaleTag("en"),
            questions: [try Question(prompt: "How many legs has a spider?", answer: 8),
                        try Question(prompt: "How many legs has a bird?", answer: 2, choices: [2, 4, 6])])
        let tiere = try QuestionSet(
            name: ProfileName("animals", what: "question set name"), locale: LocaleTag("de"),
            questions: [try Question(prompt: "Wie viele Beine hat eine Spinne?", answer: 8)])
        try await test.store.write { transaction in
            try transaction.importQuestionSet(animals, replacing: false, by: actor, at: now)
            try transaction.importQuestionSet(tiere, replacing: false, by: actor, at: now)
        }
        await #expect(throws: StoreError.conflict(.duplicateQuestionSet(name: "Animals", locale: "en"))) {
            try await test.store.write { try $0.importQuestionSet(animals, replacing: false, by: actor, at: now) }
        }
        let shorter = try QuestionSet(name: animals.name, locale: animals.locale, questions: [animals.questions[1]])
        try await test.store.write { try $0.importQuestionSet(shorter, replacing: true, by: actor, at: now) }

        let (sets, english, locales) = try await test.store.read { transaction in
            (try transaction.questionSets(), try transaction.questions(inSet: "ANIMALS", locale: LocaleTag("en")),
             try transaction.questionSetLocales(named: "animals"))
        }
        #expect(sets.map(\.questionCount) == [1, 1])
        #expect(english.map(\.question) == [animals.questions[1]])
        #expect(locales.map(\.identifier) == ["de", "en"])

        try await test.store.write { try $0.removeQuestionSet(named: "animals", locale: LocaleTag("de"), by: actor, at: now) }
        await #expect(throws: StoreError.notFound(.questionSet(name: "animals", locale: "de"))) {
            try await test.store.write { try $0.removeQuestionSet(named: "animals", locale: LocaleTag("de"), by: actor, at: now) }
        }
        #expect(try await test.count("question_sets") == 1)
        #expect(try await test.count("questions") == 1)
        let kinds = try await test.store.read { try $0.auditEntries(AuditFilter(), limit: 1000).items.map(\.event.kind) }
        #expect(kinds == [.questionSetImported, .questionSetImported, .questionSetImported, .questionSetRemoved])
    }

    @Test("writes in a read transaction fail and change nothing", arguments: StoreBackend.allCases)
    func readIsReadOnly(backend: StoreBackend) async throws {
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let actor = try TestStore.parent
        let now = test.clock.now
        let name = try ProfileName("emma")
        await #expect(throws: (any Error).self) {
            try await test.store.read { try $0.addProfile(name: name, locale: .english, by: actor, at: now) }
        }
        #expect(try await test.count("profiles") == 0)
    }
}
