import Foundation
import GateCore
@testable import GateStore
import Testing
import TestSlots

/// How a store's connections serve reads.
@Suite("One connection or a pool", .boundedConcurrency)
struct ConnectionsTests {
    @Test("a one-command store reads on its caller's thread; a pool reads on GRDB's")
    func whereReadsRun() async throws {
        let test = try TestStore()
        defer { test.remove() }
        _ = try await test.addProfile("emma")
        let single = try GateStore(.file(test.path), connections: .single)
        let before = pthread_self()
        let (thread, profiles) = try await single.read { transaction in (pthread_self(), try transaction.profiles().count) }
        #expect(pthread_equal(thread, before) != 0)
        #expect(profiles == 1)

        let pooled = try await test.store.read { _ in pthread_self() }
        #expect(pthread_equal(pooled, pthread_self()) == 0)
    }
}
