import Foundation
import GateCore
import GatePostgres
import GatePostgresMigrations
import GateStore
import ParentalGate
import PostgresTesting
import Testing
import TestSlots

/// The gate on PostgreSQL: the same service (`Gate`) and the same rules, over
/// ``PostgresStore``, against a real server of the test's own.
@Suite("The gate on PostgreSQL", .boundedConcurrency)
struct PostgresGateTests {
    @Test("a cycle on PostgreSQL: wrong answers count down, the last fails the challenge and locks out; after the lockout a right answer opens a session; the audit chain verifies")
    func cycle() async throws {
        let database = try PostgresDatabase("pg-cycle")
        defer { database.stop() }
        let clock = ManualClock()
        let store = try await database.store(clock: clock)
        defer { try? store.close() }
        let gate = Gate(storage: store, timeSource: .manual(clock), random: .seeded(7))
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.maxWrongAnswers, "3"), (.maxFailedChallenges, "1"), (.lockout, "60s")])

        guard case .challenge(let challenge) = try await gate.begin(profile: "emma") else {
            Issue.record("no challenge")
            return
        }
        clock.advance(by: .seconds(3))
        let right = try await gate.storedAnswer(of: challenge.id)
        #expect(try await gate.answer(challenge: challenge.id, value: right + 1) == .wrong(triesLeft: 2, tooFast: false))
        #expect(try await gate.answer(challenge: challenge.id, value: right + 1) == .wrong(triesLeft: 1, tooFast: false))
        guard case .lockedOut = try await gate.answer(challenge: challenge.id, value: right + 1) else {
            Issue.record("the third wrong answer does not lock out")
            return
        }
        guard case .lockedOut = try await gate.begin(profile: "emma") else {
            Issue.record("a begin during the lockout is not refused")
            return
        }
        clock.advance(by: .seconds(61))
        guard case .challenge(let next) = try await gate.begin(profile: "emma") else {
            Issue.record("no challenge after the lockout")
            return
        }
        clock.advance(by: .seconds(3))
        guard case .passed(let pass) = try await gate.answer(challenge: next.id, value: try await gate.storedAnswer(of: next.id)) else {
            Issue.record("the right answer does not pass")
            return
        }
        #expect(try await gate.session(token: pass.token) != nil)

        let counts = try await store.read { try $0.auditCounts(of: [.answerRecorded, .challengeFailed, .lockoutStarted, .sessionOpened]) }
        #expect(counts == [.answerRecorded: 4, .challengeFailed: 1, .lockoutStarted: 1, .sessionOpened: 1])
        let report = try await gate.verifyAudit()
        #expect(report.isIntact, "\(report.message)")
        #expect(report.checked >= 10)

        // The listings run the same SQL as on SQLite: newest first, paged, filtered.
        let attempts = try await gate.attempts(AttemptFilter(outcomes: [.wrong]), limit: 2)
        #expect(attempts.items.map(\.outcome) == [.wrong, .wrong])
        let rest = try await gate.attempts(AttemptFilter(outcomes: [.wrong]), limit: 2, after: attempts.next)
        #expect(rest.items.count == 1 && rest.next == nil)
        let failures = try await gate.auditEntries(AuditFilter(profileName: "EMMA", kinds: [.challengeFailed, .lockoutStarted]), limit: 10)
        #expect(failures.items.map(\.event.kind) == [.challengeFailed, .lockoutStarted])
        let wrongOnes = try await gate.auditEntries(AuditFilter(outcome: .wrong), limit: 10)
        #expect(wrongOnes.items.count == 3)
    }

    @Test("two daemons on one database: 8 tasks × 15 wrong answers to one challenge across both count exactly maxWrongAnswers, one failure, one lockout, and the chain verifies")
    func twoDaemonsRace() async throws {
        let database = try PostgresDatabase("pg-race")
        defer { database.stop() }
        let clock = ManualClock()
        let (gates, stores) = try await database.daemons(2, clock: clock, seed: 1)
        defer { for store in stores { try? store.close() } }
        let (first, second) = (stores[0], stores[1])
        try await gates[0].addProfile("emma")
        try await gates[1].setPolicy([(.maxWrongAnswers, "5"), (.maxFailedChallenges, "1")])
        guard case .challenge(let challenge) = try await gates[0].begin(profile: "emma") else {
            Issue.record("no challenge")
            return
        }
        clock.advance(by: .seconds(3))
        let wrong = try await gates[1].storedAnswer(of: challenge.id) + 1
        let results = try await withThrowingTaskGroup(of: [AnswerResult].self) { group in
            for task in 0..<8 {
                let gate = gates[task % 2]
                group.addTask {
                    var results: [AnswerResult] = []
                    for _ in 0..<15 { results.append(try await gate.answer(challenge: challenge.id, value: wrong)) }
                    return results
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 120)
        #expect(results.filter { if case .wrong = $0 { true } else { false } }.count == 4)
        #expect(results.filter { if case .lockedOut = $0 { true } else { false } }.count == 1)
        #expect(results.filter { $0 == .alreadyEnded(.failed) }.count == 115)
        let counts = try await first.read { try $0.auditCounts(of: [.answerRecorded, .challengeFailed, .lockoutStarted, .replayRefused]) }
        #expect(counts[.answerRecorded] == 5)
        #expect(counts[.challengeFailed] == 1)
        #expect(counts[.lockoutStarted] == 1)
        #expect(counts[.replayRefused] == 1, "the 115 replays are one run, counted in its first record")
        let counters = try await second.read { try $0.gateCounters(profileID: 1) }
        #expect(counters.lockoutLevel == 1, "one lockout, counted once")
        #expect(counters.lockedUntil != nil)
        #expect(try await gates[1].verifyAudit().isIntact)
    }

    @Test("two daemons starting together on a new database migrate it once; a changed migration is refused in one line")
    func migrateOnce() async throws {
        let database = try PostgresDatabase("pg-migrate")
        defer { database.stop() }
        let clock = ManualClock()
        async let first = database.store(clock: clock)
        async let second = database.store(clock: clock)
        let stores = try await [first, second]
        for store in stores { try store.close() }
        let applied = try database.cluster.psql("SELECT count(*) FROM parental_gate_schema").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(applied == "\(PostgresMigrations.files.count)", "each migration once")

        _ = try database.cluster.psql("UPDATE parental_gate_schema SET checksum = repeat('0', 64) WHERE version = 1")
        await #expect(throws: StoreError.migrationChanged(version: 1, name: "0001_gate.sql")) {
            try await database.store(clock: clock)
        }
    }

    @Test("an SQLite-only operation says to use pg_dump, a duplicate name is one line, and profile changes work")
    func refusals() async throws {
        let database = try PostgresDatabase("pg-refusals")
        defer { database.stop() }
        let clock = ManualClock()
        let store = try await database.store(clock: clock)
        defer { try? store.close() }
        let gate = Gate(storage: store, timeSource: .manual(clock))
        try await gate.addProfile("emma")
        await #expect(throws: GateError.database(DatabaseFailure(
            .other, "a backup needs an SQLite file, and postgres:///pg-refusals is PostgreSQL (back it up with pg_dump)"
        ))) {
            try await gate.backup(to: "/tmp/never")
        }
        await #expect(throws: GateError.conflict(.duplicateProfile(name: "Emma", existing: "emma"))) {
            try await gate.addProfile("Emma")
        }
        try await gate.removeProfile("emma", by: "tests")
        #expect(try await gate.profiles().isEmpty)

        // A server that takes no writes (a standby, or an operator's switch) is read-only to
        // an embedder: reads work, a write is refused as such (503), and a retry will not help.
        _ = try database.cluster.psql("ALTER DATABASE postgres SET default_transaction_read_only = on")
        let standby = try await database.store(clock: clock)
        defer { try? standby.close() }
        let readOnly = Gate(storage: standby, timeSource: .manual(clock))
        #expect(try await readOnly.profiles().isEmpty)
        await #expect {
            try await readOnly.addProfile("liam")
        } throws: { error in
            guard let error = error as? GateError, case .database(let failure) = error else { return false }
            return failure.kind == .readOnly && !error.isRetryable && error.httpStatus == 503 && failure.message.contains("25006")
        }
    }

    @Test("two daemons whose clocks are 10 minutes apart read the server's clock: the one ahead does not lift a lockout, and neither sees the clock go back; on their own clocks, the one ahead would lift it")
    func clocksApart() async throws {
        let database = try PostgresDatabase("pg-clocks")
        defer { database.stop() }
        let behind = ManualClock(Date())
        let ahead = ManualClock(Date().addingTimeInterval(600))
        for reading in [PostgresStore.Clock.database, .daemon] {
            let first = try await database.store(clock: behind, reading: reading)
            let second = try await database.store(clock: ahead, reading: reading)
            defer { try? first.close(); try? second.close() }
            let gates = [
                Gate(storage: first, timeSource: .manual(behind)), Gate(storage: second, timeSource: .manual(ahead)),
            ]
            let name = reading == .database ? "emma" : "liam"
            try await gates[0].addProfile(name)
            try await gates[0].setPolicy([(.maxWrongAnswers, "1"), (.maxFailedChallenges, "1"), (.lockout, "5m"), (.minResponseTime, "0s")], for: name)
            guard case .challenge(let challenge) = try await gates[0].begin(profile: name) else {
                Issue.record("no challenge")
                return
            }
            behind.advance(by: .seconds(3))
            ahead.advance(by: .seconds(3))
            let wrong = try await gates[0].storedAnswer(of: challenge.id) + 1
            guard case .lockedOut = try await gates[0].answer(challenge: challenge.id, value: wrong) else {
                Issue.record("the wrong answer does not lock out")
                return
            }
            let fromAhead = try await gates[1].begin(profile: name)
            let fromBehind = try await gates[0].begin(profile: name)
            let anomalies = try await first.read { try $0.auditCounts(of: [.clockAnomaly]) }[.clockAnomaly] ?? 0
            switch reading {
            case .database:
                #expect({ if case .lockedOut = fromAhead { true } else { false } }(), "the daemon ahead keeps the lockout: \(fromAhead)")
                #expect({ if case .lockedOut = fromBehind { true } else { false } }(), "\(fromBehind)")
                #expect(anomalies == 0, "no daemon sees the clock go back")
            case .daemon:
                #expect({ if case .challenge = fromAhead { true } else { false } }(), "on its own clock, 10 minutes ahead, the lockout is over: \(fromAhead)")
                #expect(anomalies > 0, "and the daemon behind sees the clock go back")
            }
        }
    }

    @Test("two daemons, four profiles, 32 begins and answers at once: every audit record chains to the one before it, none is lost, and the chain verifies (the chain's head is locked by each append)")
    func chainUnderLoad() async throws {
        let database = try PostgresDatabase("pg-chain")
        defer { database.stop() }
        let clock = ManualClock()
        let (gates, stores) = try await database.daemons(2, clock: clock, seed: 3)
        defer { for store in stores { try? store.close() } }
        let first = stores[0]
        let names = ["ava", "ben", "cai", "dia"]
        for name in names { try await gates[0].addProfile(name) }
        try await gates[1].setPolicy(.maxFailedChallenges, to: "100")
        let issued = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<32 {
                let gate = gates[task % 2]
                let name = names[task % names.count]
                group.addTask {
                    guard case .challenge(let challenge) = try await gate.begin(profile: name) else { return 0 }
                    _ = try await gate.answer(challenge: challenge.id, value: -1)
                    return 1
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(issued == 32)
        let counts = try await first.read { try $0.auditCounts(of: [.challengeIssued, .answerRecorded]) }
        #expect(counts[.challengeIssued] == 32)
        // Every answer is in the log: recorded, or refused as an answer to an ended challenge
        // (a run of those counts in its first record).
        let answers = try await gates[1].auditEntries(AuditFilter(kinds: [.answerRecorded, .replayRefused]), limit: 1000).items
        #expect(answers.map(\.count).reduce(0, +) == 32, "every answer recorded")
        let report = try await gates[0].verifyAudit()
        #expect(report.isIntact, "\(report.message)")
    }

    @Test("ask a parent on two daemons: the approval link reaches both at once (one approves, the other denies, 10 times each): the request is decided once, and the child's daemon hands over parent mode only when it was approved")
    func decidedOnceAcrossDaemons() async throws {
        let database = try PostgresDatabase("pg-ask")
        defer { database.stop() }
        let clock = ManualClock()
        let (gates, stores) = try await database.daemons(2, clock: clock, seed: 5)
        defer { for store in stores { try? store.close() } }
        try await gates[0].addProfile("emma")
        _ = try await gates[1].addNotification(
            try NotificationSettings(channel: .webhook, url: "http://127.0.0.1:9/hook", profile: "emma"), by: "mum")
        guard case .asked(let request, let handle) = try await gates[0].askParent(profile: "emma", client: "tablet") else {
            Issue.record("not asked")
            return
        }
        // The link, as the other daemon's deliverer makes it.
        let claimed = try await gates[1].claimNotifications(limit: 10, lease: .seconds(30), approvalBase: "http://gate.lan:8080")
        let delivery = try #require(claimed.last { $0.kind == .request })
        let body = try #require(try JSONSerialization.jsonObject(with: delivery.body) as? [String: Any])
        let url = try #require((body["details"] as? [String: String])?["approveURL"])
        let token = String(url.dropFirst("http://gate.lan:8080/approve/".count))
        clock.advance(by: .seconds(10))
        let decided = await withTaskGroup(of: ParentRequest.Status?.self) { group in
            for attempt in 0..<20 {
                let gate = gates[attempt % 2]
                group.addTask { try? await gate.decideParentRequest(approvalToken: token, approve: attempt % 2 == 0).status }
            }
            return await group.reduce(into: [ParentRequest.Status?]()) { $0.append($1) }
        }
        #expect(decided.compactMap { $0 }.count == 1, "one decision: \(decided)")
        let final = try await gates[1].parentRequest(handle: handle).request
        #expect(final.id == request.id && (final.status == .approved || final.status == .denied))
        let counts = try await stores[0].read { try $0.auditCounts(of: [.requestApproved, .requestDenied]) }
        #expect(counts.values.reduce(0, +) == 1, "one decision audited: \(counts)")
        let state = try await gates[0].state(profile: "emma")
        if final.status == .approved {
            guard case .parent = state else { Issue.record("approved, yet no parent mode: \(state)"); return }
        } else {
            #expect(state == .child)
        }
        #expect(try await gates[0].verifyAudit().isIntact)
    }
}
