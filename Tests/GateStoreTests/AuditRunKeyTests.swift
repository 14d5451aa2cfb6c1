import Foundation
import GateCore
@testable import GateStore
import Testing
import TestSlots

/// What makes a refusal a repeat of the one before, part by part. The parts are written out
/// here, not read from ``AuditRun/significantDetails``: a part dropped from the key there
/// (the lockout's end, say) fails this test instead of changing what it checks.
@Suite("The coalescing key of repeated refusals, part by part", .boundedConcurrency)
struct AuditRunKeyTests {
    /// Each kind that repeats, the details of its first record, and the parts of its key.
    static let kinds: [(AuditEventKind, [String: String], [String])] = [
        (.beginRefused, ["reason": "lockedOut", "until": "1700000300000", "account": "emma"], ["reason", "until", "account"]),
        (.answerRefused, ["reason": "ended", "account": "emma"], ["reason", "account"]),
        (.replayRefused, ["account": "emma"], ["account"]),
        (.clockAnomaly, ["latestSeen": "1700000000000", "account": "emma"], ["latestSeen", "account"]),
    ]

    /// One part of one kind's key.
    struct Part: Sendable, CustomTestStringConvertible {
        let kind: AuditEventKind
        let details: [String: String]
        let name: String
        var testDescription: String { "\(kind).\(name)" }
    }

    @Test("only these four kinds repeat")
    func kindsThatRepeat() {
        #expect(Set(AuditRun.significantDetails.keys) == Set(Self.kinds.map(\.0)))
    }

    @Test(
        "a repeat joins its run whatever the caller chose (client, challenge, value); a change in any one part of the key starts a new record",
        arguments: StoreBackend.allCases, kinds.flatMap { kind, details, parts in parts.map { Part(kind: kind, details: details, name: $0) } })
    func keyPart(backend: StoreBackend, key: Part) async throws {
        let (kind, details, part) = (key.kind, key.details, key.name)
        let test = try await TestStorage(backend)
        defer { test.remove() }
        let emma = try await test.addProfile("emma")
        let now = test.clock.now
        let first = AuditEvent(kind, profileID: emma.id, client: "tablet", challengeID: .random(), details: details.merging(["value": "54"]) { $1 })
        var chosen = first
        chosen.client = "script-2"
        chosen.challengeID = .random()
        chosen.details["value"] = "55"
        var other = first
        other.details[part] = (details[part] ?? "") + "0"
        let events = [first, chosen, other]
        let appended = try await test.store.write { transaction in
            try events.map { try transaction.appendAudit($0, at: now) }
        }
        #expect(!appended[0].repeated, "the first of a run is a record")
        #expect(appended[1].repeated && appended[1].id == appended[0].id, "what the caller chose is not part of the key")
        #expect(!appended[2].repeated && appended[2].id > appended[0].id, "\(part) is part of the key of \(kind)")
        #expect(try await test.count("audit_log") == 3, "profileAdded, the run, the new record")
        #expect(try await test.store.verifyAudit().isIntact)
    }
}
