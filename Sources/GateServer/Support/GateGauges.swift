import Foundation
import ParentalGate
import Prometheus

/// What `/metrics` reads from the database when it is asked, for a home dashboard: the build,
/// how many profiles are in each state, the requests waiting for a parent, the notifications not yet
/// delivered (alert on a backlog: "none lost" holds only while they go out).
///
/// Read at scrape time, so what gatectl changed on the database file counts too.
struct GateGauges: Sendable {
    /// Each profile's name and state (counted by state: no label names a profile).
    var states: [(profile: String, state: GateState)]
    /// Requests to a parent still waiting.
    var waitingRequests: Int
    /// Per notification subscription: its id, deliveries not made yet, its last failure.
    var notifications: [(id: Int64, pending: Int, lastFailedAt: Date?)]
    /// Requests to a parent by what became of them, from the audit log.
    var requestOutcomes: [(outcome: String, count: Int)]

    /// Each outcome `parental_gate_parent_requests_total` counts, and the audit record of it.
    static let requestOutcomeKinds: [(outcome: String, kind: AuditEventKind)] = [
        ("asked", .parentAsked), ("approved", .requestApproved), ("denied", .requestDenied), ("expired", .requestExpired),
    ]

    /// The states `parental_gate_profiles` counts profiles in.
    static let stateNames = ["child", "verifying", "parent", "lockedOut", "hardLocked", "disabled", "quietHours"]

    static func read(_ gate: Gate) async throws -> GateGauges {
        var states: [(String, GateState)] = []
        for profile in try await gate.profiles() {
            // A state look writes only to settle a challenge whose time ran out, as any look does.
            let state: GateState
            do {
                state = try await gate.state(profile: profile.name)
            } catch {
                if case .notFound = error { continue }  // removed since the list was read
                throw error
            }
            states.append((profile.name, state))
        }
        let waiting = try await gate.waitingParentRequests()
        let notifications = try await gate.notifications().map { ($0.id, $0.pending, $0.lastFailedAt) }
        let counts = try await gate.auditCounts(of: requestOutcomeKinds.map(\.kind))
        return GateGauges(
            states: states, waitingRequests: waiting, notifications: notifications,
            requestOutcomes: requestOutcomeKinds.map { ($0.outcome, counts[$0.kind] ?? 0) })
    }

    /// The name of `state` in ``stateNames``.
    static func name(of state: GateState) -> String {
        switch state {
        case .child: "child"
        case .verifying: "verifying"
        case .parent: "parent"
        case .lockedOut: "lockedOut"
        case .hardLocked: "hardLocked"
        case .disabled: "disabled"
        case .quietHours: "quietHours"
        }
    }

    /// The gauges in the Prometheus text exposition format, into `buffer`: from a registry
    /// made for this reading, so that a profile or subscription gone leaves no series behind.
    /// No label names a profile: profiles are counted by state.
    func emit(into buffer: inout [UInt8]) {
        let registry = PrometheusCollectorRegistry()
        registry.makeGauge(descriptor: .gate("build", unit: "info", "The running version of ParentalGate."), labels: [("version", Gate.version)])
            .set(to: 1.0)
        for stateName in Self.stateNames {
            registry.makeGauge(
                descriptor: .gate("profiles", "Profiles by the state they are in: child, verifying, parent, lockedOut, hardLocked, disabled or quietHours."),
                labels: [("state", stateName)])
            .set(Int64(states.filter { Self.name(of: $0.state) == stateName }.count))
        }
        registry.makeGauge(descriptor: .gate("parent_requests_waiting", "Requests to a parent not decided yet."))
            .set(Int64(waitingRequests))
        for entry in requestOutcomes {
            registry.makeCounter(
                descriptor: .gate(
                    "parent_requests", unit: "total",
                    "Requests to a parent by what became of them, as the audit log holds them (pruning takes old ones away)."),
                labels: [("outcome", entry.outcome)])
            .increment(by: Int64(entry.count))
        }
        for entry in notifications {
            let subscription = [("subscription", String(entry.id))]
            registry.makeGauge(
                descriptor: .gate("notifications_pending", "Deliveries not made yet, per notification subscription."), labels: subscription)
            .set(Int64(entry.pending))
            if let failed = entry.lastFailedAt {
                registry.makeGauge(
                    descriptor: .gate(
                        "notification_last_failure_timestamp", unit: "seconds",
                        "When a subscription's last delivery try failed (seconds since 1970), for those that have failed."),
                    labels: subscription)
                .set(Int64(failed.timeIntervalSince1970))
            }
        }
        registry.emit(into: &buffer)
    }
}
