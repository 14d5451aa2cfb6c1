import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("Duration and Date conversions", .boundedConcurrency)
struct TimeConversionTests {
    @Test(
        "wholeMilliseconds rounds toward zero",
        arguments: [
            (Duration.zero, Int64(0)),
            (.milliseconds(1_500), 1_500),
            (.seconds(90), 90_000),
            (.seconds(-2), -2_000),
            (.microseconds(1_999), 1),
            (.microseconds(-1_999), -1),
            (.nanoseconds(999_999), 0),
            (.nanoseconds(-999_999), 0),
            (.milliseconds(-1_500), -1_500),
            (.seconds(365 * 86_400), 31_536_000_000),
        ] as [(Duration, Int64)])
    func wholeMilliseconds(duration: Duration, milliseconds: Int64) {
        #expect(duration.wholeMilliseconds == milliseconds)
    }

    @Test("timeInterval is the duration in seconds")
    func timeInterval() {
        #expect(Duration.milliseconds(1_500).timeInterval == 1.5)
        #expect(Duration.seconds(-3).timeInterval == -3)
        #expect(Duration.zero.timeInterval == 0)
        #expect(Duration.milliseconds(-250).timeInterval == -0.25)
        #expect(abs(Duration.nanoseconds(1).timeInterval - 1e-9) < 1e-18)
        #expect(Duration.seconds(86_400 * 3650).timeInterval == 315_360_000)
    }

    @Test("adding a duration moves a date")
    func adding() {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(date.adding(.seconds(30)) == Date(timeIntervalSince1970: 1_800_000_030))
        #expect(date.adding(.milliseconds(-1_500)) == Date(timeIntervalSince1970: 1_799_999_998.5))
        #expect(date.adding(.zero) == date)
        #expect(date.adding(.seconds(5 * 60)).adding(.seconds(-5 * 60)) == date)
    }

    @Test("millisecondsSince1970 reads whole milliseconds, rounding down")
    func millisecondsSince1970() {
        #expect(Date(timeIntervalSince1970: 0).millisecondsSince1970 == 0)
        #expect(Date(timeIntervalSince1970: 1_800_000_000).millisecondsSince1970 == 1_800_000_000_000)
        #expect(Date(timeIntervalSince1970: 1.5).millisecondsSince1970 == 1_500)
        #expect(Date(timeIntervalSince1970: 1.0005).millisecondsSince1970 == 1_000)
        #expect(Date(timeIntervalSince1970: -1.5).millisecondsSince1970 == -1_500)
        #expect(Date(timeIntervalSince1970: -0.0005).millisecondsSince1970 == -1)
    }

    @Test("init(millisecondsSince1970:) gives the date that many milliseconds after 1970")
    func initFromMilliseconds() {
        #expect(Date(millisecondsSince1970: 0) == Date(timeIntervalSince1970: 0))
        #expect(Date(millisecondsSince1970: 1_800_000_000_000) == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(Date(millisecondsSince1970: -1_500) == Date(timeIntervalSince1970: -1.5))
        #expect(abs(Date(millisecondsSince1970: 1_800_000_000_123).timeIntervalSince1970 - 1_800_000_000.123) < 1e-6)
    }

    @Test("milliseconds round-trip through a Date (the store keeps times in milliseconds)")
    func millisecondsRoundTrip() {
        // Examples whose round trip loses a millisecond: TimeInterval(ms) / 1000 is not exact,
        // and `(timeIntervalSince1970 * 1000).rounded(.down)` turns 998.9999999 into 998.
        for milliseconds: Int64 in [999, -1] {
            #expect(Date(millisecondsSince1970: milliseconds).millisecondsSince1970 == milliseconds)
        }

        var generator = SeededGenerator(seed: 0x3111_5EC)
        var lost: [Int64] = []
        for _ in 0..<10_000 {
            // Times from 1970 to about 2096.
            let milliseconds = Int64.random(in: 0...4_000_000_000_000, using: &generator)
            if Date(millisecondsSince1970: milliseconds).millisecondsSince1970 != milliseconds { lost.append(milliseconds) }
        }
        #expect(lost.count == 0, "\(lost.count) of 10000 lost a millisecond, e.g. \(lost.prefix(5))")
    }

    @Test("time order survives the conversion to milliseconds")
    func orderIsKept() {
        var generator = SeededGenerator(seed: 0x0DE4)
        for _ in 0..<2_000 {
            let a = Int64.random(in: 0...4_000_000_000_000, using: &generator)
            let b = a + Int64.random(in: 1...10_000, using: &generator)
            // Rounding may lose a millisecond, but never puts a later time before an earlier one.
            #expect(Date(millisecondsSince1970: a).millisecondsSince1970 <= Date(millisecondsSince1970: b).millisecondsSince1970)
        }
    }

    @Test("the JSON form of a time, worked out without a calendar, is Foundation's ISO 8601 to the millisecond")
    func iso8601AsFoundation() {
        var generator = SystemRandomNumberGenerator()
        let yearMs: Int64 = 31_556_952_000
        // Edges: the epoch, a millisecond either side, leap days, ends of years and centuries,
        // 2000 (a 400th year), 2100 (not a leap year), the first whole year of Foundation's
        // Gregorian calendar (it is Julian before October 1582) and the last four-digit one.
        var samples: [Int64] = [
            0, 1, -1, 999, -999, 86_399_999, -86_400_000, 951_782_400_000, 951_868_799_999, 4_107_542_399_999,
            4_107_542_400_000, 1_709_164_800_000, 946_684_799_999, 946_684_800_000, -2_203_891_200_001,
            -12_212_553_600_000, 253_402_300_799_999,
        ]
        samples += (0..<20_000).map { _ in Int64.random(in: -387 * yearMs...8_029 * yearMs, using: &generator) }
        for milliseconds in samples {
            // Foundation, on whole seconds (exact in a Double), with the milliseconds put in.
            let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
            let (whole, part) = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
            var expected = Date(timeIntervalSince1970: Double(whole)).formatted(Date.ISO8601FormatStyle())
            expected.insert(contentsOf: "." + String(1000 + part).dropFirst(), at: expected.index(before: expected.endIndex))
            let text = CivilTime(millisecondsSince1970: milliseconds).iso8601
            #expect(text == expected, "\(milliseconds)")
            if text != expected { return }
        }
        // Times the gate keeps, now and the next decades: the same text as before it was worked
        // out by hand (Foundation's fractional-seconds form, which far from 1970 can be 1 ms off).
        let now = Date().millisecondsSince1970
        for milliseconds in (0..<5_000).map({ _ in Int64.random(in: now - 20 * yearMs...now + 50 * yearMs, using: &generator) }) {
            let before = Date(timeIntervalSince1970: (Double(milliseconds) + 0.25) / 1000)
                .formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            #expect(Date(millisecondsSince1970: milliseconds).iso8601Milliseconds == before, "\(milliseconds)")
        }
        // Before 1583 and after 9999 Foundation's form is kept.
        #expect(CivilTime(millisecondsSince1970: -12_212_553_600_001).iso8601 == nil)
        #expect(CivilTime(millisecondsSince1970: -12_212_553_600_000).iso8601 == "1583-01-01T00:00:00.000Z")
        #expect(CivilTime(millisecondsSince1970: 253_402_300_800_000).iso8601 == nil)
        #expect(Date(millisecondsSince1970: -1).iso8601Milliseconds == "1969-12-31T23:59:59.999Z")
    }
}
