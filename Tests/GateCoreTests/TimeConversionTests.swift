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
}
