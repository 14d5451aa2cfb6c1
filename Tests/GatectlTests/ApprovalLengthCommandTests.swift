import Foundation
import Testing
import TestSlots

/// `gatectl ask approve N --for`, on a database file.
@Suite("gatectl ask approve --for", .boundedConcurrency)
struct ApprovalLengthCommandTests {
    @Test("--for 15m opens parent mode for 15 minutes; a length it does not take is refused and decides nothing")
    func approveFor() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--ask-cooldown", "0s", "--max-approval", "1h", "--time-zone", "UTC"])
        try db.ok(["ask", "request", "emma"])
        expectError(try db.run(["ask", "approve", "1", "--for", "2d"]), status: 64,
                    message: "'2d' is not a length of parent mode: 1m to 1d (e.g. 15m, 1h), endOfDay, or standard (parentSession)")
        #expect(try db.ok(["status", "emma"]).stdout.contains("child"), "nothing decided")
        try db.ok(["ask", "approve", "1", "--for", "15m", "--by", "mum"])
        let state = try JSONOutput.object(try db.ok(["status", "emma", "--json"]).stdout)
        let until = try #require(JSONOutput.date(state["until"]))
        #expect(state["state"] as? String == "parent")
        // 15 minutes from the decision (not parentSession's 10), whenever this line runs.
        let decided = try #require(try JSONOutput.array(try db.ok(["ask", "list", "--json"]).stdout).first { $0["number"] as? Int == 1 })
        let decidedAt = try #require(JSONOutput.date(decided["decidedAt"]))
        #expect(until == decidedAt.addingTimeInterval(15 * 60), "\(until) \(decidedAt)")

        try db.ok(["ask", "request", "emma"])
        try db.ok(["ask", "approve", "2", "--for", "end-of-day"])
        let capped = try #require(JSONOutput.date(try JSONOutput.object(try db.ok(["status", "emma", "--json"]).stdout)["until"]))
        let second = try #require(try JSONOutput.array(try db.ok(["ask", "list", "--json"]).stdout).first { $0["number"] as? Int == 2 })
        let secondAt = try #require(JSONOutput.date(second["decidedAt"]))
        // The next midnight in UTC, or the hour of maxApproval if that comes first.
        let midnight = Date(timeIntervalSince1970: (secondAt.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 + 86_400)
        #expect(capped == min(midnight, secondAt.addingTimeInterval(3600)))
    }
}
