import Foundation
import GateCore
@testable import ParentalGate
import ParentalGateTesting
import TestSlots
import Testing

/// Ask a parent against an informed attacker, in the library on the gate's manual clock: an
/// old approval link (used, denied, or a removed profile's), the clock turned back around a
/// request, a notification's retry pushed out by a clock jump, and a caller limited to some
/// profiles.
@Suite("Ask a parent under attack: old links, turned-back clocks, limited callers", .boundedConcurrency)
struct RequestAttackTests {
    /// A gate with `emma` and `liam`, whose requests go to a webhook, asking every 10 s at most.
    static func gate(on backend: Backend) async throws -> BackendGate {
        let backing = try await AskParentTests.gate(on: backend)
        let test = backing.test
        try await test.gate.addProfile("liam", displayName: "Liam")
        try await test.gate.setPolicy([(.askCooldown, "10s")])
        try await test.gate.setPolicy([(.askCooldown, "10s")], for: "emma")
        _ = try await test.gate.addNotification(
            try NotificationSettings(channel: .webhook, url: "http://127.0.0.1:9/liam", profile: "liam"), by: "mum")
        return backing
    }

    @Test("an old link (used, or a removed profile's) finds nothing, decides nothing, and no request number is given twice; a surviving profile's used link stays used", arguments: Backend.allCases)
    func oldLinks(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let (liamsFirst, _) = try await AskParentTests.ask(test, "liam")
        let liamsUsed = try await AskParentTests.linkToken(test)
        _ = try await test.gate.decideParentRequest(approvalToken: liamsUsed, approve: false)
        let (first, _) = try await AskParentTests.ask(test)
        let used = try await AskParentTests.linkToken(test)
        _ = try await test.gate.decideParentRequest(approvalToken: used, approve: true)
        try await test.gate.endSession(profile: "emma")
        test.advance(by: .seconds(11))
        let (second, _) = try await AskParentTests.ask(test)
        let pending = try await AskParentTests.linkToken(test)
        try await test.gate.removeProfile("emma", by: "mum")

        // The next requests, another child's and the re-added profile's, get new numbers.
        let (liams, liamsHandle) = try await AskParentTests.ask(test, "liam")
        try await test.gate.addProfile("emma", displayName: "Emma")
        let (emmas, emmasHandle) = try await AskParentTests.ask(test, "emma")
        let numbers = [liamsFirst.id, first.id, second.id, liams.id, emmas.id]
        #expect(Set(numbers).count == 5 && numbers.sorted() == numbers, "numbers only grow: \(numbers)")
        await #expect(throws: GateError.conflict(.requestDecided(number: liamsFirst.id, status: "denied"))) {
            try await test.gate.decideParentRequest(approvalToken: liamsUsed, approve: true)
        }

        for link in [used, pending] {
            await #expect(throws: GateError.notFound(.parentRequestLink)) {
                try await test.gate.parentRequest(approvalToken: link)
            }
            for approve in [true, false] {
                await #expect(throws: GateError.notFound(.parentRequestLink)) {
                    try await test.gate.decideParentRequest(approvalToken: link, approve: approve)
                }
            }
        }
        for (profile, handle) in [("liam", liamsHandle), ("emma", emmasHandle)] {
            #expect(try await test.gate.parentRequest(handle: handle).request.status == .pending, "\(profile)'s request is untouched")
            #expect(try await test.gate.state(profile: profile) == .child, "no parent mode for \(profile)")
        }
    }

    @Test("a second decision on a decided request writes nothing at all, not even the clock it would have read: it is refused before the clock is looked at", arguments: Backend.allCases)
    func decidedRequestWritesNothing(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let (request, _) = try await AskParentTests.ask(test)
        try await test.gate.decideParentRequest(request.id, approve: false, by: "mum")
        let before = try await test.gate.auditEntries(AuditFilter(), limit: 1000).items
        // A clock turned back would be audited by any look at it (a clock anomaly).
        test.advance(by: .seconds(-3600))
        await #expect(throws: GateError.conflict(.requestDecided(number: request.id, status: "denied"))) {
            try await test.gate.decideParentRequest(request.id, approve: true, by: "dad")
        }
        #expect(try await test.gate.auditEntries(AuditFilter(), limit: 1000).items == before)
    }

    @Test("with the clock turned back after a request expired, it stays expired: its link approves nothing", arguments: Backend.allCases)
    func turnedBackAfterExpiry(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.setPolicy([(.askExpiry, "2m")], for: "emma")
        let (request, handle) = try await AskParentTests.ask(test)
        let link = try await AskParentTests.linkToken(test)
        test.advance(by: .seconds(180))
        // The gate sees the later time (a challenge begun), without looking at the request.
        _ = try await test.begin("emma")
        test.advance(by: .seconds(-300))
        await #expect(throws: GateError.conflict(.requestDecided(number: request.id, status: "expired"))) {
            try await test.gate.decideParentRequest(approvalToken: link, approve: true)
        }
        await #expect(throws: GateError.conflict(.requestDecided(number: request.id, status: "expired"))) {
            try await test.gate.decideParentRequest(request.id, approve: true, by: "mum")
        }
        let seen = try await test.gate.parentRequest(handle: handle)
        #expect(seen.request.status == .expired && seen.pass == nil)
        let opened = try await test.gate.auditEntries(AuditFilter(kinds: [.sessionOpened, .requestApproved]), limit: 100).items
        #expect(opened.isEmpty, "no parent mode was opened")
        let kinds = try await test.gate.auditEntries(AuditFilter(kinds: [.clockAnomaly]), limit: 100).items
        #expect(!kinds.isEmpty, "the clock going back is audited")
    }

    @Test("a decision with the clock turned back is recorded at the gate's time; a turned-back clock neither shortens nor lengthens the cooldown", arguments: Backend.allCases)
    func cooldownAndTurnedBackClock(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let (first, _) = try await AskParentTests.ask(test)
        test.advance(by: .seconds(-3600))
        let denied = try await test.gate.decideParentRequest(first.id, approve: false, by: "dad")
        #expect(denied.decidedAt == first.createdAt, "decided at the gate's time, not before it was asked")
        test.advance(by: .seconds(3605))
        #expect(
            try await test.gate.askParent(profile: "emma") == .tooSoon(retryAt: first.createdAt.addingTimeInterval(10)),
            "5 s after the denial: the cooldown runs from it, not from the turned-back reading")

        // Turned back during a cooldown: its end stays where it was, and the turn is audited.
        test.advance(by: .seconds(5))
        let (second, _) = try await AskParentTests.ask(test)
        test.advance(by: .seconds(2))
        let deniedAgain = try await test.gate.decideParentRequest(second.id, approve: false, by: "dad")
        let end = try #require(deniedAgain.decidedAt).addingTimeInterval(10)
        test.advance(by: .seconds(-86_400))
        let anomalies = try await test.gate.auditEntries(AuditFilter(kinds: [.clockAnomaly]), limit: 100).items.count
        #expect(try await test.gate.askParent(profile: "emma") == .tooSoon(retryAt: end), "the same end, not a later one")
        #expect(try await test.gate.auditEntries(AuditFilter(kinds: [.clockAnomaly]), limit: 100).items.count == anomalies + 1)
        test.advance(by: .seconds(86_400 + 10))
        guard case .asked = try await test.gate.askParent(profile: "emma") else {
            Issue.record("the cooldown ended when the clock reached its end again")
            return
        }
    }

    @Test("an adult's unlock that takes the gate's time back: what had expired stays expired, and a request asked while the clock was ahead can still be decided", arguments: Backend.allCases)
    func unlockSetsTheClockBack(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.setPolicy([(.askExpiry, "2m")], for: "emma")
        test.advance(by: .seconds(86_400))  // the clock runs a day ahead
        let (expiring, _) = try await AskParentTests.ask(test)
        test.advance(by: .seconds(180))
        _ = try await test.begin("emma")  // the gate sees the request's time is up, without looking at it
        test.advance(by: .seconds(-86_400 - 180))  // the clock is put right
        try await test.gate.unlock(profile: "emma", by: "mum")  // and mum vouches for it
        await #expect(throws: GateError.conflict(.requestDecided(number: expiring.id, status: "expired"))) {
            try await test.gate.decideParentRequest(expiring.id, approve: true, by: "mum")
        }

        test.advance(by: .seconds(86_400 + 300))  // ahead again, past the cooldown: a request
        let (asked, _) = try await AskParentTests.ask(test)
        test.advance(by: .seconds(-86_400))
        try await test.gate.unlock(profile: "emma", by: "mum")
        let denied = try await test.gate.decideParentRequest(asked.id, approve: false, by: "mum")
        #expect(denied.status == .denied && denied.decidedAt == asked.createdAt, "never decided before it was asked")
    }

    @Test("a notification's next try pushed days out by a clock that jumped ahead and came back is due again at once", arguments: Backend.allCases)
    func retryAfterClockJump(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let retry = RetrySchedule(base: .seconds(5), maximum: .seconds(60))
        try await test.gate.testNotification(by: "mum")
        let claimed = try #require(try await test.gate.claimNotifications(limit: 10, lease: .seconds(30), retry: retry).first)
        test.advance(by: .seconds(3 * 86_400))
        try await test.gate.recordTry(of: claimed, error: "HTTP 503", retry: retry)
        test.advance(by: .seconds(-3 * 86_400 + 10))
        let again = try await test.gate.claimNotifications(limit: 10, lease: .seconds(30), retry: retry)
        #expect(again.map(\.deliveryID) == [claimed.deliveryID], "due: 3 days out is further than any wait the schedule makes")
        #expect(try await test.gate.claimNotifications(limit: 10, lease: .seconds(30), retry: retry).isEmpty, "claimed again: leased")
    }

    @Test("a gate acting for an account records it with every audit record and the request; the parents are told the account", arguments: Backend.allCases)
    func account(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let child = test.gate.acting(for: "emma-laptop")
        guard case .asked(let request, _) = try await child.askParent(profile: "emma", client: "Mum's laptop (approved by Dad)") else {
            Issue.record("not asked")
            return
        }
        #expect(request.account == "emma-laptop" && request.client == "Mum's laptop (approved by Dad)")
        #expect(try await test.gate.parentRequests().first?.account == "emma-laptop")
        guard case .challenge = try await child.begin(profile: "emma", client: "tablet") else {
            Issue.record("no challenge")
            return
        }
        let entries = try await test.gate.auditEntries(AuditFilter(kinds: [.parentAsked, .challengeIssued]), limit: 10).items
        #expect(entries.count == 2 && entries.allSatisfy { $0.event.details["account"] == "emma-laptop" })
        let claimed = try await test.gate.claimNotifications(limit: 10, lease: .seconds(30), approvalBase: "http://gate.lan")
        let told = try #require(claimed.first { $0.kind == .request })
        let body = try #require(try JSONSerialization.jsonObject(with: told.body) as? [String: Any])
        #expect((body["details"] as? [String: String])?["account"] == "emma-laptop")
        #expect((body["message"] as? String)?.contains("from the computer account emma-laptop") == true)
        #expect((body["message"] as? String)?.contains("approved by Dad") == false, "never the child's own words")

        // A run of repeated refusals is one account's: another account's refusal is its own record.
        try await test.gate.setPolicy([(.maxFailedChallenges, "1")], for: "emma")
        guard case .lockedOut = try await test.gate.begin(profile: "emma") else {  // the child's open challenge abandoned: locked out
            Issue.record("locked out")
            return
        }
        let other = test.gate.acting(for: "liam-laptop")
        for gate in [child, child, other, other] {
            guard case .lockedOut = try await gate.begin(profile: "emma") else {
                Issue.record("locked out")
                return
            }
        }
        let refusals = try await test.gate.auditEntries(AuditFilter(kinds: [.beginRefused]), order: .oldestFirst, limit: 10).items
        #expect(refusals.map { $0.event.details["account"] ?? "-" } == ["-", "emma-laptop", "liam-laptop"])
        #expect(refusals.map(\.count) == [1, 2, 2])

        // The library's own gate records no account.
        try await test.gate.addProfile("mia")
        let asked = try await test.gate.askParent(profile: "mia")
        guard case .asked(let plain, _) = asked else { Issue.record("mia could not ask: \(asked)"); return }
        #expect(plain.account == nil)
    }

    @Test("a gate limited to some profiles refuses every other one, inside the operation: nothing written, nothing handed over", arguments: Backend.allCases)
    func limited(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.setPolicy([(.minResponseTime, "0s")], for: "liam")
        let child = test.gate.limited { $0.lowercased() == "emma" ? nil : "not \($0.lowercased())" }
        let refused = GateError.notPermitted("not liam")
        let liams = try await test.begin("liam")
        let asked = try await test.gate.askParent(profile: "liam")
        guard case .asked(let request, let handle) = asked else { Issue.record("liam could not ask: \(asked)"); return }
        try await test.gate.decideParentRequest(request.id, approve: true, by: "mum")
        let before = try await test.gate.auditEntries(AuditFilter(), limit: 1000).items.count

        await #expect(throws: refused) { try await child.begin(profile: "liam") }
        await #expect(throws: refused) { try await child.answer(challenge: liams.id, value: try await test.rightAnswer(to: liams)) }
        await #expect(throws: refused) { try await child.cancel(challenge: liams.id) }
        await #expect(throws: refused) { try await child.state(profile: "LIAM") }
        await #expect(throws: refused) { try await child.profile(named: "liam") }
        await #expect(throws: refused) { try await child.askParent(profile: "liam") }
        await #expect(throws: refused) { try await child.parentRequest(handle: handle) }
        await #expect(throws: GateError.notPermitted("not ghost"), "whether a profile exists is not told") {
            try await child.begin(profile: "ghost")
        }
        #expect(try await test.gate.auditEntries(AuditFilter(), limit: 1000).items.count == before, "nothing written")
        #expect(try await test.gate.parentRequest(handle: handle).pass != nil, "the approval was not handed to the refused caller")
        #expect(try await child.begin(profile: "Emma") != .disabled, "its own profile, in any case")
    }
}
