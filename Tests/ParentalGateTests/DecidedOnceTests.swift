import Foundation
@testable import ParentalGate
import ParentalGateTesting
import Synchronization
import Testing
import TestSlots

/// "Decided once", guard by guard: each test makes one of the service's guards the first
/// (and only) one that can see the request is no longer decidable, and checks what the
/// database holds afterwards, not only the error. The store's own guard is checked alone
/// in `GateStoreTests` (`DecidedOnceStoreTests`), the rule in `GateCoreTests`.
@Suite("A request is decided once: each guard alone", .boundedConcurrency)
struct DecidedOnceTests {
    /// A clock that, once armed, moves on by `jump` right after its next reading: the reading
    /// a decision's first transaction takes, so that the transaction that approves runs later.
    final class JumpingClock: Sendable {
        let clock = ManualClock()
        private let armed = Mutex<Duration?>(nil)

        var timeSource: TimeSource {
            TimeSource { [self] in
                let now = clock.now
                if let jump = armed.withLock({ jump in defer { jump = nil }; return jump }) { clock.advance(by: jump) }
                return now
            }
        }

        func jump(by duration: Duration) {
            armed.withLock { $0 = duration }
        }
    }

    /// emma's gate, with one pending request (expiring in 2 minutes), and how it stands.
    private static func asked() async throws -> (gate: Gate, clock: JumpingClock, request: ParentRequest) {
        let clock = JumpingClock()
        let gate = try Gate(database: .inMemory, timeSource: clock.timeSource)
        try await gate.addProfile("emma")
        try await gate.setPolicy([(.askExpiry, "2m"), (.maxFailedChallenges, "1")], for: "emma", by: "mum")
        guard case .asked(let request, _) = try await gate.askParent(profile: "emma", client: "tablet") else {
            Issue.record("emma could not ask")
            throw CancellationError()
        }
        return (gate, clock, request)
    }

    /// What a decision leaves behind: the request, parent mode, the decisions audited.
    private static func outcome(_ gate: Gate, _ id: Int64) async throws -> (ParentRequest.Status, String?, GateState, Int) {
        let request = try #require(try await gate.parentRequests(profile: "emma").first { $0.id == id })
        let decisions = try await gate.auditEntries(AuditFilter(), limit: 1000).items
            .filter { [.requestApproved, .requestDenied].contains($0.event.kind) }.count
        return (request.status, request.decidedBy, try await gate.state(profile: "emma"), decisions)
    }

    @Test("the first look: a request already denied is not approved (conflict), and stays denied by the first parent")
    func firstLook() async throws {
        let (gate, _, request) = try await Self.asked()
        try await gate.decideParentRequest(request.id, approve: false, by: "mum")
        await #expect {
            try await gate.decideParentRequest(request.id, approve: true, by: "dad")
        } throws: { error in
            if case GateError.conflict = error { true } else { false }
        }
        let (status, decidedBy, state, decisions) = try await Self.outcome(gate, request.id)
        #expect(status == .denied && decidedBy == "mum" && decisions == 1)
        #expect(state == .child, "no parent mode was opened")
    }

    @Test("the approving transaction's own look: a request that expires between the first look and the approval is not approved")
    func approvingTransaction() async throws {
        let (gate, clock, request) = try await Self.asked()
        clock.clock.advance(by: .seconds(110))
        // The first transaction reads 1:50 (decidable); the one that approves, 2:10 (expired).
        clock.jump(by: .seconds(20))
        // This guard's own refusal, not the store's ("no longer waiting for a parent") behind it.
        await #expect(throws: GateError.conflict(.requestDecided(number: request.id, status: "expired"))) {
            try await gate.decideParentRequest(request.id, approve: true, by: "mum")
        }
        let (status, decidedBy, state, decisions) = try await Self.outcome(gate, request.id)
        #expect(status == .expired && decidedBy == nil && decisions == 0)
        #expect(state == .child, "no parent mode was opened")
        let sessions = try await gate.auditEntries(AuditFilter(), limit: 1000).items.filter { $0.event.kind == .sessionOpened }
        #expect(sessions.isEmpty)
    }

    @Test("the first look at the gate's time: a denial after askExpiry is refused as expired by that look, not the store's guard behind it")
    func firstLookAtExpiry() async throws {
        let (gate, clock, request) = try await Self.asked()
        clock.clock.advance(by: .seconds(120))
        // This guard's own refusal, not the store's ("no longer waiting for a parent").
        await #expect(throws: GateError.conflict(.requestDecided(number: request.id, status: "expired"))) {
            try await gate.decideParentRequest(request.id, approve: false, by: "mum")
        }
        let (status, decidedBy, state, decisions) = try await Self.outcome(gate, request.id)
        #expect(status == .expired && decidedBy == nil && decisions == 0)
        #expect(state == .child)
    }
}
