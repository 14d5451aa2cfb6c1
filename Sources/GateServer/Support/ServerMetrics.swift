import Foundation
import ParentalGate

/// Counters for `/metrics`, in the Prometheus text format.
final class ServerMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var challenges = 0
    private var passes = 0
    private var approvals = 0
    private var wrongAnswers = 0
    private var failures: [FailureReason: Int] = [:]
    private var lockouts = 0
    private var hardLocks = 0
    private var unlocks = 0
    private var requests: [Int: Int] = [:]
    private var deliveries = 0
    private var failedDeliveries = 0
    private var requestSeconds = 0.0

    /// Counts what the gate announces.
    func record(_ notification: GateNotification) {
        lock.withLock {
            switch notification {
            case .challengeIssued: challenges += 1
            case .passed: passes += 1
            case .approved: approvals += 1
            case .wrongAnswer: wrongAnswers += 1
            case .failed(_, let reason): failures[reason, default: 0] += 1
            case .lockedOut: lockouts += 1
            case .hardLocked: hardLocks += 1
            case .unlocked: unlocks += 1
            case .sessionEnded: break
            }
        }
    }

    /// Counts one try to deliver a notification, which the receiver took or not.
    func recordDelivery(succeeded: Bool) {
        lock.withLock {
            if succeeded { deliveries += 1 } else { failedDeliveries += 1 }
        }
    }

    /// Counts one HTTP request that took `seconds` and answered `status`.
    func record(status: Int, seconds: Double) {
        lock.withLock {
            requests[status, default: 0] += 1
            requestSeconds += seconds
        }
    }

    /// Everything, in the Prometheus text exposition format.
    func exposition() -> String {
        lock.withLock {
            var lines: [String] = []
            func counter(_ name: String, _ help: String, _ samples: [(String, Int)]) {
                lines.append("# HELP \(name) \(help)")
                lines.append("# TYPE \(name) counter")
                for (labels, value) in samples { lines.append("\(name)\(labels) \(value)") }
            }
            counter("parental_gate_challenges_total", "Challenges issued.", [("", challenges)])
            counter("parental_gate_passes_total", "Challenges passed (not parent mode a parent's approval opened).", [("", passes)])
            counter("parental_gate_approvals_total", "Requests a parent approved, opening parent mode.", [("", approvals)])
            counter("parental_gate_wrong_answers_total", "Wrong answers that left tries.", [("", wrongAnswers)])
            counter(
                "parental_gate_failures_total", "Challenges ended without a pass, by reason.",
                FailureReason.allCases.map { ("{reason=\"\($0.rawValue)\"}", failures[$0] ?? 0) })
            counter("parental_gate_lockouts_total", "Lockouts started.", [("", lockouts)])
            counter("parental_gate_hard_locks_total", "Hard locks started.", [("", hardLocks)])
            counter("parental_gate_unlocks_total", "Unlocks by an adult.", [("", unlocks)])
            counter(
                "parental_gate_notification_deliveries_total", "Tries to deliver a notification, by whether the receiver took it.",
                [("{result=\"delivered\"}", deliveries), ("{result=\"failed\"}", failedDeliveries)])
            counter(
                "parental_gate_http_requests_total", "HTTP requests, by status.",
                requests.keys.sorted().map { ("{status=\"\($0)\"}", requests[$0] ?? 0) })
            lines.append("# HELP parental_gate_http_request_duration_seconds Time spent answering HTTP requests.")
            lines.append("# TYPE parental_gate_http_request_duration_seconds summary")
            lines.append("parental_gate_http_request_duration_seconds_sum \(requestSeconds)")
            lines.append("parental_gate_http_request_duration_seconds_count \(requests.values.reduce(0, +))")
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
