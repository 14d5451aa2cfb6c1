import Foundation
import GateCore
import Testing
import TestSlots

/// Quiet hours' text form and their times, in a zone with summer time.
@Suite("Quiet hours: the text form and the times", .boundedConcurrency)
struct QuietHoursTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// `text` (ISO 8601 with its offset) as a time.
    static func at(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    @Test("written as days and times; read back in one canonical form; `off` and `daily`")
    func text() throws {
        for (given, canonical) in [
            ("mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00", "mon-thu,sun 20:30-07:00; fri-sat 22:00-08:00"),
            ("sun,mon,tue,wed,thu 20:30-07:00", "mon-thu,sun 20:30-07:00"),
            ("sun-thu 20:30-07:00", "mon-thu,sun 20:30-07:00"), ("fri-mon 22:00-08:00", "mon,fri-sun 22:00-08:00"),
            ("daily 12:00-13:00", "daily 12:00-13:00"),
            ("mon-sun 00:00-23:59", "daily 00:00-23:59"),
            ("  off ", "off"), ("", "off"),
        ] {
            let hours = try QuietHours(given)
            #expect(hours.description == canonical, "\(given)")
            #expect(try QuietHours(canonical) == hours)
        }
    }

    @Test("a malformed window is refused with what is wrong", arguments: [
        "mon 25:00-07:00", "mon 20:30", "mon20:30-07:00", "mon-tue-wed 20:00-21:00", "funday 20:00-21:00", "mon 20:00-20:00",
        "mon 8:00-9:00", "mon 20:00-21:00 extra", Array(repeating: "mon 01:00-02:00", count: 15).joined(separator: "; "),
    ])
    func malformed(text: String) {
        #expect(throws: GateInputError.self) { try QuietHours(text) }
        #expect(throws: GateInputError.self) { try PolicyField.quietHours.parse(text) }
    }

    @Test("an overnight window holds from its start to the next morning; a challenge that would run into it is refused now")
    func overnight() throws {
        let hours = try QuietHours("mon-thu,sun 20:30-07:00")
        // Monday 2026-11-23, Berlin (UTC+1).
        #expect(hours.quietUntil(at: Self.at("2026-11-23T20:29:00+01:00"), in: Self.berlin) == nil)
        #expect(hours.quietUntil(at: Self.at("2026-11-23T20:30:00+01:00"), in: Self.berlin) == Self.at("2026-11-24T07:00:00+01:00"))
        #expect(hours.quietUntil(at: Self.at("2026-11-24T06:59:59+01:00"), in: Self.berlin) == Self.at("2026-11-24T07:00:00+01:00"))
        #expect(hours.quietUntil(at: Self.at("2026-11-24T07:00:00+01:00"), in: Self.berlin) == nil)
        #expect(hours.quietUntil(at: Self.at("2026-11-23T20:29:45+01:00"), within: .seconds(30), in: Self.berlin)
            == Self.at("2026-11-24T07:00:00+01:00"), "a 30 s challenge begun 15 s before would still be open")
        // Friday night is not a school night; Sunday night is, and so is the small hours of Monday.
        #expect(hours.quietUntil(at: Self.at("2026-11-27T23:00:00+01:00"), in: Self.berlin) == nil)
        #expect(hours.quietUntil(at: Self.at("2026-11-30T03:00:00+01:00"), in: Self.berlin) == Self.at("2026-11-30T07:00:00+01:00"))
    }

    @Test("windows that meet are one quiet period; clock changes keep the wall-clock times")
    func mergedAndSummerTime() throws {
        let hours = try QuietHours("daily 20:00-23:00; daily 23:00-07:00")
        #expect(hours.quietUntil(at: Self.at("2026-11-23T21:00:00+01:00"), in: Self.berlin) == Self.at("2026-11-24T07:00:00+01:00"))
        // Summer time starts on 2026-03-29 at 02:00: 07:00 that morning is UTC+2.
        let night = try QuietHours("daily 22:00-07:00")
        #expect(night.quietUntil(at: Self.at("2026-03-28T23:00:00+01:00"), in: Self.berlin) == Self.at("2026-03-29T07:00:00+02:00"))
        // And ends on 2026-10-25 at 03:00: 07:00 that morning is UTC+1.
        #expect(night.quietUntil(at: Self.at("2026-10-24T23:00:00+02:00"), in: Self.berlin) == Self.at("2026-10-25T07:00:00+01:00"))
        let utc = TimeZone(identifier: "UTC")!
        #expect(night.quietUntil(at: Self.at("2026-03-28T23:00:00+00:00"), in: utc) == Self.at("2026-03-29T07:00:00+00:00"))
    }

    @Test("the policy's zone: an IANA name, or local; an unknown one is refused")
    func zone() throws {
        #expect(try PolicyField.timeZone.parse("Europe/Berlin") == .timeZone("Europe/Berlin"))
        #expect(try PolicyField.timeZone.parse("local") == .timeZone("local"))
        #expect(throws: GateInputError.self) { try PolicyField.timeZone.parse("Mars/Olympus_Mons") }
        var policy = Policy.default
        policy = try policy.setting(.timeZone, to: .timeZone("Asia/Kathmandu"))
        #expect(policy.zone.identifier == "Asia/Kathmandu")
        policy = try policy.setting(.quietHours, to: try PolicyField.quietHours.parse("daily 21:00-06:00"))
        #expect(policy.quietUntil(beginningAt: Self.at("2026-11-23T21:00:00+05:45")) == Self.at("2026-11-24T06:00:00+05:45"))
        #expect(policy.quietUntil(beginningAt: Self.at("2026-11-23T20:59:00+05:45")) == nil, "30 s challenge ends before 21:00")
    }
}
