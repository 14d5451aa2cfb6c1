import Foundation
@testable import GateServer
import Testing
import TestSlots

/// The per-address connection counter, with time moved by hand.
@Suite("Connections per address", .boundedConcurrency)
struct ConnectionCounterTests {
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { current } }
        func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    }

    @Test("refusals of one address are logged once, then at most once a minute with their count; another address has its own")
    func refusalNotes() {
        let clock = Clock()
        let counter = AddressConnectionCounter(maximum: 1, now: { clock.now })
        #expect(counter.open("a"))
        #expect(!counter.open("a"))
        #expect(counter.refused("a") == .first)
        for _ in 0..<149 { #expect(counter.refused("a") == nil) }
        #expect(counter.refused("b") == .first, "another address is logged on its own")
        clock.advance(59)
        #expect(counter.refused("a") == nil)
        clock.advance(1)
        #expect(counter.refused("a") == .summary(count: 151, seconds: 60))
        #expect(counter.refused("a") == nil)
        clock.advance(-3600)
        #expect(counter.refused("a") == .summary(count: 2, seconds: 0), "a clock turned back never silences an address for good")
    }

    @Test("the addresses remembered stay bounded")
    func boundedRefusals() {
        let clock = Clock()
        let counter = AddressConnectionCounter(maximum: 1, now: { clock.now })
        for index in 0..<AddressConnectionCounter.maximumRefusedKeys { _ = counter.refused("k\(index)") }
        #expect(counter.refused("new") == .first)
        clock.advance(60)
        #expect(counter.refused("newer") == .first)
        #expect(counter.refused("newer") == nil, "old addresses made room")
    }
}
