import Foundation
import Testing
@testable import GateCore

@Suite("ManualClock and TimeSource")
struct ClockTests {
    @Test func defaultStart() {
        #expect(ManualClock().now == Date(timeIntervalSince1970: 1_800_000_000))
    }
}
