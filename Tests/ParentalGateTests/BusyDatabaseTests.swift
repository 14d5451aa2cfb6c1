import Foundation
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

@Suite("A database another writer holds", .boundedConcurrency)
struct BusyDatabaseTests {
    @Test("a write lock held past the busy timeout gives a clear busy error, and the answer can be given after")
    func busy() async throws {
        // The holder keeps the lock until the answer has failed, so how long the timeout is
        // decides nothing but how long the test waits: a short one.
        let test = try TestGate.onFile(busyTimeout: .milliseconds(200))
        defer { test.remove() }
        try await test.gate.addProfile("emma")
        let challenge = try await test.begin("emma")
        let holder = try HeldWriteLock(test.directory.appendingPathComponent("gate.sqlite").path)
        test.advance(by: .seconds(3))
        await #expect {
            _ = try await test.gate.answer(challenge: challenge.id, value: 1)
        } throws: { error in
            guard let error = error as? GateError, case .database(let failure) = error else { return false }
            return failure.kind == .busy && error.isRetryable && error.httpStatus == 503 && error.retryAfter == .seconds(1)
                && failure.message.contains("is busy: another process held its write lock longer than the busy timeout")
        }
        holder.release()
        #expect(try await test.gate.attempts(AttemptFilter(), limit: 100).items.isEmpty, "nothing of the refused answer was written")
        guard case .passed = try await test.pass(challenge, after: .zero) else {
            Issue.record("the right answer, given once the lock is released, should pass")
            return
        }
        #expect(try await test.gate.attempts(AttemptFilter(), limit: 100).items.count == 1)
    }

    @Test("a write that finds another process holding the lock waits for it on the writer queue, and goes through once released")
    func waitsForAnotherProcess() async throws {
        // A busy timeout no stalled machine outlasts between the answer queuing and the
        // release below: the result must not depend on the scheduler.
        let test = try TestGate.onFile(busyTimeout: .seconds(600))
        defer { test.remove() }
        try await test.gate.addProfile("emma")
        let challenge = try await test.begin("emma")
        let value = try await test.rightAnswer(to: challenge)
        test.advance(by: .seconds(3))
        let queuedBefore = (test.gate.storage.sqlite?.queuedWrites ?? 0)
        let holder = try HeldWriteLock(test.directory.appendingPathComponent("gate.sqlite").path)
        let answer = Task { try await test.gate.answer(challenge: challenge.id, value: value) }
        // The answer queues (it does not fail at once, nor hold a thread of the pool) ...
        let deadline = ContinuousClock.now + .seconds(120)
        while (test.gate.storage.sqlite?.queuedWrites ?? 0) == queuedBefore, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect((test.gate.storage.sqlite?.queuedWrites ?? 0) > queuedBefore, "the answer queued for the write lock within 120 s")
        // While the holder has the write lock nothing can commit; that nothing did is
        // checked below (one attempt).
        holder.release()
        // ... and passes once the lock is free.
        guard case .passed = try await answer.value else {
            Issue.record("the answer should pass once the other process lets go")
            return
        }
        #expect(try await test.gate.attempts(AttemptFilter(), limit: 100).items.count == 1)
    }

    @Test("many writers of one process at once: every write commits exactly once")
    func concurrentWriters() async throws {
        let test = try TestGate.onFile()
        defer { test.remove() }
        let names = (0..<24).map { "child\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for name in names {
                group.addTask { try await test.gate.addProfile(name) }
            }
            try await group.waitForAll()
        }
        #expect(try await test.gate.profiles().map(\.name).sorted() == names.sorted())
        #expect(try await test.gate.verifyAudit().isIntact)
        #expect(try await test.gate.auditEntries(AuditFilter(), limit: 100).items.count == names.count)
    }
}
