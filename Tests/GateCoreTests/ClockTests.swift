import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("ManualClock and TimeSource", .boundedConcurrency)
struct ClockTests {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a clock starts at 1,800,000,000 s after 1970 unless told otherwise")
    func defaultStart() {
        #expect(ManualClock().now == Self.start)
        let other = Date(timeIntervalSince1970: 1_000)
        #expect(ManualClock(other).now == other)
    }

    @Test("reading the clock does not move it")
    func readingDoesNotMove() {
        let clock = ManualClock()
        let first = clock.now
        for _ in 0..<1_000 { #expect(clock.now == first) }
    }

    @Test("advance moves the clock forward by the duration")
    func advanceForward() {
        let clock = ManualClock()
        clock.advance(by: .seconds(90))
        #expect(clock.now == Self.start.addingTimeInterval(90))
        clock.advance(by: .milliseconds(1_500))
        #expect(clock.now == Self.start.addingTimeInterval(91.5))
        clock.advance(by: .zero)
        #expect(clock.now == Self.start.addingTimeInterval(91.5))
        clock.advance(by: .seconds(86_400 * 365))
        #expect(clock.now == Self.start.addingTimeInterval(91.5 + 86_400 * 365))
    }

    @Test("advance by a negative duration turns the clock back")
    func advanceBackward() {
        let clock = ManualClock()
        clock.advance(by: .seconds(-3_600))
        #expect(clock.now == Self.start.addingTimeInterval(-3_600))
        clock.advance(by: .milliseconds(-250))
        #expect(clock.now == Self.start.addingTimeInterval(-3_600.25))
    }

    @Test("set moves the clock to any time, forwards or backwards")
    func setAnyTime() {
        let clock = ManualClock()
        let later = Self.start.addingTimeInterval(1_000_000)
        clock.set(to: later)
        #expect(clock.now == later)
        let earlier = Date(timeIntervalSince1970: 0)
        clock.set(to: earlier)
        #expect(clock.now == earlier)
        clock.advance(by: .seconds(5))
        #expect(clock.now == Date(timeIntervalSince1970: 5))
        let beforeEpoch = Date(timeIntervalSince1970: -86_400)
        clock.set(to: beforeEpoch)
        #expect(clock.now == beforeEpoch)
    }

    @Test("advance moves the clock by the whole duration, including milliseconds")
    func advanceMilliseconds() {
        let origin = Date(timeIntervalSince1970: 0)
        let clock = ManualClock(origin)
        clock.advance(by: .milliseconds(1))
        #expect(abs(clock.now.timeIntervalSince(origin) - 0.001) < 1e-6)
        clock.advance(by: .milliseconds(-2))
        #expect(abs(clock.now.timeIntervalSince(origin) + 0.001) < 1e-6)
        clock.advance(by: .microseconds(1_500))
        #expect(abs(clock.now.timeIntervalSince(origin) - 0.0005) < 1e-6)
    }

    @Test("a manual time source reads the clock each time it is asked")
    func manualTimeSource() {
        let clock = ManualClock()
        let source = TimeSource.manual(clock)
        #expect(source.now() == Self.start)
        clock.advance(by: .seconds(30))
        #expect(source.now() == Self.start.addingTimeInterval(30))
        clock.set(to: Self.start.addingTimeInterval(-30))
        #expect(source.now() == Self.start.addingTimeInterval(-30))
    }

    @Test("two sources on one clock agree")
    func sharedClock() {
        let clock = ManualClock()
        let first = TimeSource.manual(clock)
        let second = TimeSource.manual(clock)
        clock.advance(by: .seconds(7))
        #expect(first.now() == second.now())
        #expect(first.now() == clock.now)
    }

    @Test("a custom time source calls its closure for every reading")
    func customSource() {
        let counter = ManualClock(Date(timeIntervalSince1970: 0))
        let source = TimeSource {
            counter.advance(by: .seconds(1))
            return counter.now
        }
        #expect(source.now() == Date(timeIntervalSince1970: 1))
        #expect(source.now() == Date(timeIntervalSince1970: 2))
        #expect(source.now() == Date(timeIntervalSince1970: 3))
    }

    @Test("concurrent advances are all applied")
    func concurrentAdvances() async {
        let clock = ManualClock(Date(timeIntervalSince1970: 0))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    clock.advance(by: .seconds(1))
                    _ = clock.now
                    if index % 100 == 0 { _ = TimeSource.manual(clock).now() }
                }
            }
        }
        #expect(clock.now == Date(timeIntervalSince1970: 1_000))
    }
}
