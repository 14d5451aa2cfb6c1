import Foundation
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// `gate.updates(after:)`: the audit log as a stream a backend pushes from.
@Suite("Updates for pushes: from the audit log, resumable, none lost", .boundedConcurrency)
struct GateUpdatesTests {
    /// The updates of `stream` until one satisfies `last` (included), within a minute.
    private static func collect(
        _ stream: AsyncThrowingStream<GateUpdate, any Error>, until last: @escaping @Sendable (GateUpdate) -> Bool
    ) async throws -> [GateUpdate] {
        let collected = try await within(.seconds(60)) {
            var seen: [GateUpdate] = []
            for try await update in stream {
                seen.append(update)
                if last(update) { break }
            }
            return seen
        }
        return try #require(collected, "the stream went quiet")
    }

    private static func isLockout(_ update: GateUpdate) -> Bool {
        if case .recorded(let entry, _) = update { entry.event.kind == .lockoutStarted } else { false }
    }

    @Test("each change comes with its audit id, time, display name and client, in order; a lockout is one; resuming after an id gives exactly the rest", arguments: Backend.allCases)
    func pushesAndResume(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma", displayName: "Emma")
        try await test.gate.setPolicy(.maxFailedChallenges, to: 1, for: "emma")
        let stream = try await test.gate.updates()
        _ = try await test.fail(try await test.begin("emma", client: "tablet"), client: "tablet")
        let updates = try await Self.collect(stream, until: Self.isLockout)

        let entries = updates.compactMap { update -> (AuditEntry, String?)? in
            if case .recorded(let entry, let name) = update { (entry, name) } else { nil }
        }
        #expect(entries.count == updates.count, "no gap")
        #expect(entries.map(\.0.event.kind) == [.challengeIssued, .answerRecorded, .challengeFailed, .lockoutStarted])
        let ids = entries.map(\.0.id)
        #expect(ids == Array(ids[0]..<(ids[0] + Int64(ids.count))), "one record after another")
        #expect(entries.allSatisfy { $0.1 == "Emma" }, "every one names Emma by her display name")
        #expect(entries[0].0.event.client == "tablet" && entries[1].0.event.client == "tablet")
        #expect(entries.last?.0.occurredAt == test.clock.now)
        #expect(updates.map(\.auditID) == ids)

        // A consumer that restarts gives the last id it handled, and gets exactly the rest.
        let resumed = try await Self.collect(try await test.gate.updates(after: ids[1]), until: Self.isLockout)
        #expect(resumed.map(\.auditID) == Array(ids[2...]))
        #expect(resumed == Array(updates[2...]))
    }

    @Test("a consumer slower than the log loses nothing: what its buffer cannot hold is read again from the log")
    func slowConsumer() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        for minutes in 1...300 {
            try await test.gate.setPolicy(.lockout, to: .minutes(Int64(minutes % 50 + 1)), for: "emma")
        }
        let newest = try #require(try await test.gate.auditEntries(order: .newestFirst, limit: 1).items.first?.id)
        // A buffer of 4 against pages of 500: the stream is full at once, every page over.
        let stream = try await test.gate.updates(after: 0, pollInterval: .seconds(2), buffer: 4)
        let updates = try await Self.collect(stream) { $0.auditID == newest }
        #expect(updates.map(\.auditID) == Array(1...newest), "every record once, in order")
    }

    @Test("records pruned before they were read are one gap; an id after the newest is not found; close() ends the stream")
    func gapsAndEnds() async throws {
        let test = try TestGate()
        try await test.gate.setPolicy(.auditRetention, to: .days(1), by: "mum")
        try await test.gate.addProfile("emma")
        test.advance(by: .days(2))
        try await test.gate.addProfile("liam")
        let pruned = try await test.gate.pruneAudit(olderThan: .days(1), by: "mum")
        #expect(pruned.auditRecords > 0)
        let kept = try await test.gate.auditEntries(limit: 10).items.map(\.id)
        let first = try #require(kept.first)
        #expect(first > 1)

        let updates = try await Self.collect(try await test.gate.updates(after: 0)) { $0.auditID == kept.last }
        #expect(updates.first == .pruned(after: 0, next: first))
        #expect(updates.dropFirst().map(\.auditID) == kept)

        let newest = try #require(kept.last)
        await #expect(throws: GateError.notFound(.auditRecord(newest + 5))) {
            _ = try await test.gate.updates(after: newest + 5)
        }

        let open = try await test.gate.updates()
        let ended = Task { for try await _ in open {}; return true }
        try await test.gate.addProfile("noah")  // a wake-up, and a read, as the gate closes
        try test.gate.close()
        #expect(try await within(.seconds(60)) { try await ended.value } == true, "close() ends the stream")
    }
}
