import Foundation
import GateCore
@testable import GateServer
import Testing
import TestSlots

/// The `Date` header forward auth's answer from memory writes, against Foundation's formatter.
@Suite("HTTP Date header", .boundedConcurrency)
struct HTTPDateTests {
    @Test("RFC 9110's own example, and 20,000 seconds from 1970 to 2200 as Foundation writes them")
    func againstFoundation() {
        #expect(HTTPDate.text(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var generator = SplitMix64(seed: 27)  // the same seconds every run, so a failure can be run again
        let edges: [Int64] = [0, 59, 86_399, 86_400, 951_782_400, 4_107_542_399, 4_107_542_400]
        let seconds = edges + (0..<20_000).map { _ in Int64.random(in: 0...7_258_118_400, using: &generator) }
        for second in seconds {
            let expected = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(second)))
            #expect(HTTPDate.text(secondsSince1970: second) == expected, "\(second)")
        }
        var dates = HTTPDate()
        #expect(dates.now().hasSuffix(" GMT"))
    }
}
