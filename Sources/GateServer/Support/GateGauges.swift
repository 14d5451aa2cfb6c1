import Foundation
import ParentalGate

/// What `/metrics` reads from the database when it is asked, for a home dashboard: the build,
/// each profile's state, the requests waiting for a parent, the notifications not yet
/// delivered (alert on a backlog: "none lost" holds only while they go out).
///
/// Read at scrape time, so what gatectl changed on the database file counts too.
struct GateGauges: Sendable {
    /// Each profile's name and state.
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

    /// The states `parental_gate_profile_state` has a sample for, one of which is 1.
    static let stateNames = ["child", "verifying", "parent", "lockedOut", "hardLocked", "disabled"]

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
        }
    }

    /// The gauges in the Prometheus text exposition format.
    func exposition() -> String {
        var lines: [String] = []
        func gauge(_ name: String, _ help: String, _ samples: [(String, String)]) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) gauge")
            for (labels, value) in samples { lines.append("\(name)\(labels) \(value)") }
        }
        gauge("parental_gate_build_info", "The running version of ParentalGate.", [("{version=\"\(Self.label(Gate.version))\"}", "1")])
        gauge(
            "parental_gate_profile_state", "Each profile's state: 1 for the state it is in, 0 for the others.",
            states.flatMap { entry in
                Self.stateNames.map { ("{profile=\"\(Self.label(entry.profile))\",state=\"\($0)\"}", $0 == Self.name(of: entry.state) ? "1" : "0") }
            })
        gauge("parental_gate_parent_requests_waiting", "Requests to a parent not decided yet.", [("", "\(waitingRequests)")])
        lines.append("# HELP parental_gate_parent_requests_total Requests to a parent by what became of them, as the audit log holds them (pruning takes old ones away).")
        lines.append("# TYPE parental_gate_parent_requests_total counter")
        for entry in requestOutcomes { lines.append("parental_gate_parent_requests_total{outcome=\"\(entry.outcome)\"} \(entry.count)") }
        gauge(
            "parental_gate_notifications_pending", "Deliveries not made yet, per notification subscription.",
            notifications.map { ("{subscription=\"\($0.id)\"}", "\($0.pending)") })
        gauge(
            "parental_gate_notification_last_failure_timestamp_seconds",
            "When a subscription's last delivery try failed (seconds since 1970), for those that have failed.",
            notifications.compactMap { entry in entry.lastFailedAt.map { ("{subscription=\"\(entry.id)\"}", "\(Int($0.timeIntervalSince1970))") } })
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a Prometheus label value: backslash, quote and newline escaped.
    static func label(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
