import Foundation
@testable import GateCommands
import Testing
import TestSlots

/// Times shown to people in this machine's zone come from the C library; they must read as
/// Foundation would write them.
@Suite("Local times without ICU", .boundedConcurrency)
struct LocalTimeTests {
    /// Foundation's form of `date` in `zone`, as `gatectl` wrote it before.
    static func foundation(_ date: Date, in zone: TimeZone) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
                timeZone: zone, calendar: Calendar(identifier: .gregorian)))
    }

    @Test("in this process's zone, every second of a century reads as Foundation's")
    func asFoundationHere() {
        var generator = SystemRandomNumberGenerator()
        let samples = [0.0, 951_782_400, 1_711_846_799, 1_711_846_800, 1_730_000_000.999] +
            (0..<5_000).map { _ in Double.random(in: 0...4_102_444_800, using: &generator) }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Formatting.localTime(date) == Self.foundation(date, in: .current), "\(seconds)")
        }
    }

    @Test("gatectl in zones with half and three-quarter hours and summer time shows the deadline as Foundation would there",
          arguments: ["UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns", "Europe/Berlin"])
    func inOtherZones(zone: String) throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let begun = try JSONOutput.object(try db.ok(["challenge", "begin", "emma", "--json"]).stdout)
        let deadline = try #require((begun["challenge"] as? [String: Any])?["deadline"] as? String)
        let date = try #require(try? Date(deadline, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        let status = try db.run(["status", "emma"], environment: ["TZ": zone])
        #expect(status.status == 0)
        let expected = Self.foundation(date, in: try #require(TimeZone(identifier: zone)))
        #expect(status.stdout == "emma: verifying (a challenge is open until \(expected))\n", "\(zone)")
    }
}
