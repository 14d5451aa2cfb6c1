import Foundation
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// How long an approval opens parent mode, decided by number, on both backends.
@Suite("Approve for how long", .boundedConcurrency)
struct ApprovalLengthTests {
    @Test("the text form: durations from 1m to 1d, endOfDay, standard; anything else refused")
    func text() throws {
        #expect(try ApprovalLength("15m") == .duration(.seconds(900)))
        #expect(try ApprovalLength(" 1h ") == .duration(.seconds(3600)))
        #expect(try ApprovalLength("end-of-day") == .endOfDay && (try ApprovalLength("endOfDay")) == .endOfDay)
        #expect(try ApprovalLength("standard") == .standard)
        for bad in ["", "30s", "1d1ms", "2d", "tonight", "-1h"] {
            #expect(throws: GateInputError.invalidApprovalLength(bad)) { try ApprovalLength(bad) }
        }
    }

    @Test("15m, 1h, endOfDay in the profile's zone, standard; each capped by maxApproval", arguments: Backend.allCases)
    func lengths(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate, test = backing.test
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.askCooldown, "0s"), (.timeZone, "America/New_York"), (.parentSession, "20m")], for: "emma")
        // 2027-01-15 08:00 UTC is 03:00 in New York: its end of day is 05:00 UTC the next day.
        let start = test.clock.now
        let newYorkMidnight = ISO8601DateFormatter().date(from: "2027-01-16T05:00:00Z")!
        for (length, expected) in [
            (ApprovalLength.duration(.seconds(900)), start.addingTimeInterval(900)), (.standard, start.addingTimeInterval(1200)),
            (.endOfDay, start.addingTimeInterval(12 * 3600)), (.duration(.seconds(86_400)), start.addingTimeInterval(12 * 3600)),
        ] {
            guard case .asked(let request, _) = try await gate.askParent(profile: "emma") else {
                Issue.record("not asked")
                return
            }
            try await gate.decideParentRequest(request.id, approve: true, by: "mum", for: length)
            #expect(try await gate.state(profile: "emma") == .parent(until: expected), "\(length)")
            try await gate.endSession(profile: "emma")
        }
        try await gate.setPolicy(.maxApproval, to: "1d", for: "emma")
        guard case .asked(let request, _) = try await gate.askParent(profile: "emma") else { return }
        try await gate.decideParentRequest(request.id, approve: true, by: "mum", for: .endOfDay)
        #expect(try await gate.state(profile: "emma") == .parent(until: newYorkMidnight), "12h by default, 1d now: New York's midnight")
        try await gate.endSession(profile: "emma")

        // A plain approval opens parentSession, but never more than maxApproval either.
        try await gate.setPolicy([(.parentSession, "1d"), (.maxApproval, "1h")], for: "emma")
        guard case .asked(let last, _) = try await gate.askParent(profile: "emma") else { return }
        try await gate.decideParentRequest(last.id, approve: true, by: "mum")
        #expect(try await gate.state(profile: "emma") == .parent(until: start.addingTimeInterval(3600)))
    }
}
