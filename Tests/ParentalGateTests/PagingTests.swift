import Foundation
import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// Audit and attempt queries come in pages: an explicit limit, a cursor, no silent cap.
@Suite("Paged audit and attempt queries", .boundedConcurrency)
struct PagingTests {
    /// A gate with `answers` wrong answers of emma recorded (each a failed challenge, with
    /// unlocks between lockouts).
    static func gate(answers: Int, on backend: Backend = .sqlite) async throws -> BackendGate {
        let backing = try await backend.gate()
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.maxFailedChallenges, to: 100)
        for _ in 0..<answers {
            _ = try await test.fail(try await test.begin("emma"))
        }
        return backing
    }

    /// Every page of the audit log, `limit` at a time, in `order`.
    static func pages(_ gate: Gate, order: PageOrder, limit: Int) async throws -> [[AuditEntry]] {
        var pages: [[AuditEntry]] = []
        var cursor: PageCursor<AuditEntry>?
        repeat {
            let page = try await gate.auditEntries(order: order, limit: limit, after: cursor)
            pages.append(page.items)
            cursor = page.next
        } while cursor != nil
        return pages
    }

    @Test("the audit log in pages of 10, oldest and newest first: every record once, in order, the last page says so", arguments: Backend.allCases)
    func auditPages(backend: Backend) async throws {
        let backing = try await Self.gate(answers: 40, on: backend)
        defer { backing.remove() }
        let test = backing.test
        let all = try await test.gate.auditEntries(limit: Gate.maximumPageSize)
        #expect(all.next == nil)
        #expect(all.items.count > 100, "more than the 100 the old query stopped at: \(all.items.count)")
        let forward = try await Self.pages(test.gate, order: .oldestFirst, limit: 10)
        #expect(forward.flatMap { $0 } == all.items)
        #expect(forward.dropLast().allSatisfy { $0.count == 10 })
        #expect(!forward.last!.isEmpty, "no empty page at the end")
        let backward = try await Self.pages(test.gate, order: .newestFirst, limit: 10)
        #expect(backward.flatMap { $0 } == all.items.reversed())
    }

    @Test("a cursor that travelled as text, or as JSON, gives the same next page, of the audit log and of attempts (ordered by time)", arguments: Backend.allCases)
    func cursorsTravel(backend: Backend) async throws {
        let backing = try await Self.gate(answers: 12, on: backend)
        defer { backing.remove() }
        let gate = backing.gate
        let audit = try await gate.auditEntries(limit: 5)
        let auditNext = try #require(audit.next)
        let fromText = try #require(PageCursor<AuditEntry>(auditNext.description))
        #expect(try await gate.auditEntries(limit: 5, after: fromText) == (try await gate.auditEntries(limit: 5, after: auditNext)))
        let attempts = try await gate.attempts(limit: 4)
        let attemptsNext = try #require(attempts.next)
        #expect(attemptsNext.description.contains("."), "attempts page by time and id: \(attemptsNext)")
        let fromJSON = try JSONDecoder().decode(PageCursor<Attempt>.self, from: JSONEncoder().encode(attemptsNext))
        let second = try await gate.attempts(limit: 4, after: fromJSON)
        #expect(second == (try await gate.attempts(limit: 4, after: attemptsNext)))
        #expect(Set(second.items.map(\.id)).isDisjoint(with: attempts.items.map(\.id)) && second.items.count == 4)
    }

    @Test("a cursor is a position: records added between pages never repeat or shift the next page", arguments: Backend.allCases)
    func cursorsAreStable(backend: Backend) async throws {
        let backing = try await Self.gate(answers: 3, on: backend)
        defer { backing.remove() }
        let test = backing.test
        let first = try await test.gate.auditEntries(limit: 5)
        _ = try await test.fail(try await test.begin("emma"))
        let second = try await test.gate.auditEntries(limit: 5, after: first.next)
        #expect(second.items.first?.id == (first.items.last?.id ?? 0) + 1)
        let newest = try await test.gate.auditEntries(order: .newestFirst, limit: 3)
        _ = try await test.fail(try await test.begin("emma"))
        let older = try await test.gate.auditEntries(order: .newestFirst, limit: 3, after: newest.next)
        #expect(older.items.first?.id == (newest.items.last?.id ?? 0) - 1)
    }

    @Test("attempts in pages, newest first, with answers at the same moment told apart", arguments: Backend.allCases)
    func attemptPages(backend: Backend) async throws {
        let backing = try await Self.gate(answers: 25, on: backend)
        defer { backing.remove() }
        let test = backing.test
        // Two answers in one millisecond: the page boundary may fall between them.
        try await test.gate.setPolicy(.maxWrongAnswers, to: 3)
        let same = try await test.begin("emma")
        test.advance(by: .seconds(3))
        for _ in 0..<2 {
            _ = try await test.gate.answer(challenge: same.id, value: try await test.wrongAnswer(to: same))
        }
        let all = try await test.gate.attempts(limit: 100).items
        #expect(all.count == 27)
        var paged: [Attempt] = []
        var cursor: PageCursor<Attempt>?
        repeat {
            let page = try await test.gate.attempts(limit: 4, after: cursor)
            paged += page.items
            cursor = page.next
        } while cursor != nil
        #expect(paged == all)
        #expect(paged.map(\.id) == all.map(\.id).sorted(by: >))
        let emma = try await test.gate.profile(named: "emma")
        let filtered = try await test.gate.attempts(AttemptFilter(profileID: emma.id, outcomes: [.wrong]), limit: 2)
        #expect(filtered.items.count == 2 && filtered.next != nil)
    }

    @Test("a limit outside 1...10000 is one clear error, and nothing is read or written", arguments: [0, -1, 10_001, Int.max])
    func badLimits(limit: Int) async throws {
        let backing = try await Self.gate(answers: 1)
        defer { backing.remove() }
        let test = backing.test
        let before = try await test.gate.auditEntries(limit: 1000).items
        await #expect(throws: GateError.invalidInput(.limitOutOfRange(limit, allowed: 1...10_000))) {
            try await test.gate.auditEntries(limit: limit)
        }
        await #expect(throws: GateError.invalidInput(.limitOutOfRange(limit, allowed: 1...10_000))) {
            try await test.gate.attempts(limit: limit)
        }
        #expect(GateError.invalidInput(.limitOutOfRange(limit, allowed: 1...10_000)).description
            == "limit \(limit) is out of range (allowed: 1...10000)")
        #expect(try await test.gate.auditEntries(limit: 1000).items == before)
    }
}
