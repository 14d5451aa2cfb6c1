import Foundation
import GateStore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// Quiet hours at the gate, on the manual clock, on both backends: no challenge begins in
/// them (nor one that would still be open when they start), nothing counts, and a parent's
/// code or approval still opens the gate.
@Suite("Quiet hours at the gate", .boundedConcurrency)
struct QuietHoursGateTests {
    /// `text` (ISO 8601 with its offset) as a time.
    static func at(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    @Test("refused in them and just before them; the state says until when; nothing counts; a code and an approval open", arguments: Backend.allCases)
    func quiet(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate, test = backing.test
        try await gate.addProfile("emma")
        try await gate.setPolicy([
            (.quietHours, "mon-thu,sun 20:30-07:00"), (.timeZone, "Europe/Berlin"), (.minResponseTime, "0s"), (.maxFailedChallenges, "1"),
        ], for: "emma")
        // Monday 2027-01-18 (after the test clock's start: it never goes back), 20:29:45 in Berlin: a 30-second challenge would run into the window.
        test.clock.set(to: Self.at("2027-01-18T20:29:45+01:00"))
        let morning = Self.at("2027-01-19T07:00:00+01:00")
        #expect(try await gate.state(profile: "emma") == .quietHours(until: morning))
        #expect(try await gate.begin(profile: "emma") == .quietHours(until: morning))
        test.clock.set(to: Self.at("2027-01-18T23:00:00+01:00"))
        #expect(try await gate.begin(profile: "emma", client: "tablet") == .quietHours(until: morning))
        let refusals = try await gate.auditEntries(AuditFilter(kinds: [.beginRefused]), limit: 10).items
        #expect(refusals.first?.event.details["reason"] == "quietHours" && refusals.first?.event.details["until"] == String(morning.millisecondsSince1970))
        #expect(try await gate.auditEntries(AuditFilter(kinds: [.lockoutStarted, .challengeFailed]), limit: 10).items.isEmpty, "refusals count nothing")

        // A parent's code opens parent mode in quiet hours; when it ends, it is quiet again.
        let added = try await gate.addParentCode(named: "mum")
        let code = OneTimeCode.code(secret: try #require(Base32.decode(added.secret)), step: OneTimeCode.step(at: test.clock.now))
        guard case .opened(let pass) = try await gate.enterParentCode(profile: "emma", code: code) else {
            Issue.record("a parent's code did not open in quiet hours")
            return
        }
        #expect(try await gate.state(profile: "emma") == .parent(until: pass.until))
        test.clock.set(to: pass.until.addingTimeInterval(1))
        #expect(try await gate.state(profile: "emma") == .quietHours(until: morning))

        // So does an approval.
        guard case .asked(let request, _) = try await gate.askParent(profile: "emma") else {
            Issue.record("asking is refused in quiet hours")
            return
        }
        _ = try await gate.decideParentRequest(request.id, approve: true, by: "dad")
        guard case .parent = try await gate.state(profile: "emma") else {
            Issue.record("an approval did not open in quiet hours")
            return
        }

        // At 07:00 a challenge may begin; Friday night is not in the window.
        test.clock.set(to: morning)
        try await gate.endSession(profile: "emma")
        guard case .challenge = try await gate.begin(profile: "emma") else {
            Issue.record("no challenge after the quiet hours")
            return
        }
        test.clock.set(to: Self.at("2027-01-22T23:00:00+01:00"))
        guard case .challenge = try await gate.begin(profile: "emma") else {
            Issue.record("Friday night is not quiet")
            return
        }
    }

    @Test("the household's quiet hours hold for every profile; a profile's own replace them, off lifts them")
    func inheritance() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        try await test.gate.addProfile("liam")
        try await test.gate.setPolicy([(.quietHours, "daily 00:00-12:00; daily 12:00-00:00"), (.timeZone, "UTC")])
        try await test.gate.setPolicy(.quietHours, to: "off", for: "liam")
        guard case .quietHours = try await test.gate.begin(profile: "emma") else {
            Issue.record("the household's quiet hours do not hold for emma")
            return
        }
        guard case .challenge = try await test.gate.begin(profile: "liam") else {
            Issue.record("liam's own off does not lift them")
            return
        }
        let history = try await test.gate.policyHistory(for: nil)
        #expect(history.contains { $0.field == .quietHours && $0.newValue == "daily 00:00-12:00; daily 12:00-00:00" })
    }
}
