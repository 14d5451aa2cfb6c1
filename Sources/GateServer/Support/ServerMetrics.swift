import Foundation
import ParentalGate
import Prometheus
import Synchronization

/// What `/metrics` counts since the daemon started, in a swift-prometheus registry of its own
/// (not the process-wide one: a process may run more than one server, as the tests do).
///
/// Counters only: each name ends in `_total` and has its HELP text; no label names a profile.
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let challenges: Counter
    private let passes: Counter
    private let approvals: Counter
    private let wrongAnswers: Counter
    private let failures: [FailureReason: Counter]
    private let lockouts: Counter
    private let hardLocks: Counter
    private let unlocks: Counter
    private let deliveries: Counter
    private let failedDeliveries: Counter
    private let requestTime: DurationHistogram
    private let forwardAuthFromMemory: Counter
    /// HTTP requests by status, made on a status's first request.
    private let requests = Mutex<[Int: Counter]>([:])

    private static var requestCount: MetricNameDescriptor { .gate("http_requests", unit: "total", "HTTP requests, by status.") }

    init() {
        challenges = registry.makeCounter(descriptor: .gate("challenges", unit: "total", "Challenges issued."))
        passes = registry.makeCounter(
            descriptor: .gate("passes", unit: "total", "Challenges passed (not parent mode a parent's approval opened)."))
        approvals = registry.makeCounter(descriptor: .gate("approvals", unit: "total", "Requests a parent approved, opening parent mode."))
        wrongAnswers = registry.makeCounter(descriptor: .gate("wrong_answers", unit: "total", "Wrong answers that left tries."))
        var failures: [FailureReason: Counter] = [:]
        for reason in FailureReason.allCases {
            failures[reason] = registry.makeCounter(
                descriptor: .gate("failures", unit: "total", "Challenges ended without a pass, by reason."), labels: [("reason", reason.rawValue)])
        }
        self.failures = failures
        lockouts = registry.makeCounter(descriptor: .gate("lockouts", unit: "total", "Lockouts started."))
        hardLocks = registry.makeCounter(descriptor: .gate("hard_locks", unit: "total", "Hard locks started."))
        unlocks = registry.makeCounter(descriptor: .gate("unlocks", unit: "total", "Unlocks by an adult."))
        let delivery = MetricNameDescriptor.gate(
            "notification_deliveries", unit: "total", "Tries to deliver a notification, by whether the receiver took it.")
        deliveries = registry.makeCounter(descriptor: delivery, labels: [("result", "delivered")])
        failedDeliveries = registry.makeCounter(descriptor: delivery, labels: [("result", "failed")])
        requestTime = registry.makeDurationHistogram(
            descriptor: .gate("http_request_duration", unit: "seconds", "Time spent answering HTTP requests."),
            buckets: [.milliseconds(1), .milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(500), .seconds(2), .seconds(10)])
        forwardAuthFromMemory = registry.makeCounter(
            descriptor: .gate(
                "forward_auth_from_memory", unit: "total",
                "Forward-auth answers given from memory where the request arrived, before the router (also counted in the HTTP requests)."))
    }

    /// Counts what the gate announces.
    func record(_ notification: GateNotification) {
        switch notification {
        case .challengeIssued: challenges.increment()
        case .passed: passes.increment()
        case .approved: approvals.increment()
        case .wrongAnswer: wrongAnswers.increment()
        case .failed(_, let reason): failures[reason]?.increment()
        case .lockedOut: lockouts.increment()
        case .hardLocked: hardLocks.increment()
        case .unlocked: unlocks.increment()
        case .sessionEnded, .missed: break
        }
    }

    /// Counts one try to deliver a notification, which the receiver took or not.
    func recordDelivery(succeeded: Bool) {
        (succeeded ? deliveries : failedDeliveries).increment()
    }

    /// Counts one forward-auth answer given from memory, before the router.
    func recordForwardAuthFromMemory() {
        forwardAuthFromMemory.increment()
    }

    /// Counts one HTTP request that took `duration` and answered `status`.
    func record(status: Int, duration: Duration) {
        let counter = requests.withLock { counters in
            if let counter = counters[status] { return counter }
            let counter = registry.makeCounter(descriptor: Self.requestCount, labels: [("status", String(status))])
            counters[status] = counter
            return counter
        }
        counter.increment()
        requestTime.record(duration)
    }

    /// Everything counted, in the Prometheus text exposition format, into `buffer`.
    func emit(into buffer: inout [UInt8]) {
        registry.emit(into: &buffer)
    }
}
