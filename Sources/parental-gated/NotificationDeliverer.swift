import AsyncHTTPClient
import Foundation
import GateCore
import Logging
import NIOCore
import ParentalGate
import ServiceLifecycle

/// Delivers the notification outbox, as a service of the daemon: claims what is due, POSTs
/// each (a webhook's signed JSON, an ntfy message), and records it delivered or schedules
/// the next try (``RetrySchedule``). At least once: a try whose answer is lost is tried
/// again with the same delivery id.
///
/// It looks at the outbox when the gate queues notifications, when the next try is due, and
/// every ``poll`` (for what another process queued in the same database). On a database of
/// many households, the outbox of the daemon's own (`--household`): its approval links lead to
/// this daemon's pages, which serve that household, so each household's daemon delivers its own.
struct NotificationDeliverer: Service {
    /// How tries are spaced and how long one may take.
    struct Settings: Sendable {
        var retry = RetrySchedule()
        /// The longest one try may take, connecting included.
        var timeout: Duration = .seconds(10)
        /// The only hosts deliveries may go to (lowercased); `nil`: any. A delivery to another
        /// host fails without a connection being made.
        var allowedHosts: Set<String>?
        /// The public URL the approval links of requests start with; `nil`: no links.
        var approvalBase: String?
    }

    let gate: Gate
    let settings: Settings
    let logger: Logger
    /// Told of every try: whether the receiver took it (for `/metrics`).
    var onTry: @Sendable (_ delivered: Bool) -> Void = { _ in }

    /// Deliveries claimed, and sent, at once.
    static let batch = 16
    /// The longest the outbox goes unread.
    static let poll: Duration = .seconds(10)
    /// The most of a receiver's answer that is read (and thrown away) before closing.
    static let answerLimit = 64 * 1024

    /// How long a claimed delivery stays claimed: longer than a try can take (the answer's
    /// head, then its body, each within the timeout), so no one sends it twice at once; a
    /// daemon killed mid-try leaves it due again after this.
    var lease: Duration {
        settings.timeout * 2 + .seconds(1)
    }

    func run() async throws {
        var configuration = HTTPClient.Configuration()
        // A receiver cannot send the daemon on elsewhere: an answer of 3xx is a failed try.
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .disabled
        let timeout = TimeAmount.milliseconds(settings.timeout.wholeMilliseconds)
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: timeout, read: timeout)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        gate.onNotificationsQueued { wake.yield() }
        wake.yield()
        var timer: Task<Void, Never>?
        await withGracefulShutdownHandler {
            for await _ in wakes {
                // A database that cannot be read now (busy, full) is asked again in a second.
                let pause = await deliverDue(with: client) ? await pauseBeforeNextTry() : .seconds(1)
                timer?.cancel()
                timer = Task {
                    try? await Task.sleep(for: pause)
                    if !Task.isCancelled { wake.yield() }
                }
            }
        } onGracefulShutdown: {
            wake.finish()
        }
        timer?.cancel()
        try? await client.shutdown()
    }

    /// Sends everything due, a batch at a time; whether the outbox could be read.
    private func deliverDue(with client: HTTPClient) async -> Bool {
        while !Task.isCancelled {
            let claimed: [OutgoingNotification]
            do {
                claimed = try await gate.claimNotifications(
                    limit: Self.batch, lease: lease, retry: settings.retry, approvalBase: settings.approvalBase)
            } catch {
                logger.error("cannot read the notification outbox", metadata: ["error": "\(error.description)"])
                return false
            }
            await withTaskGroup(of: Void.self) { tries in
                for notification in claimed {
                    tries.addTask { await deliver(notification, with: client) }
                }
            }
            if claimed.count < Self.batch { return true }
        }
        return true
    }

    /// How long until the next try is due, at most ``poll``.
    private func pauseBeforeNextTry() async -> Duration {
        guard let next = try? await gate.nextNotificationDue() else { return Self.poll }
        let pause = Duration.milliseconds(next.millisecondsSince1970 - gate.now().millisecondsSince1970)
        return max(.milliseconds(1), min(pause, Self.poll))
    }

    /// One try of `notification`, recorded and logged (never its URL's path, body or secret).
    private func deliver(_ notification: OutgoingNotification, with client: HTTPClient) async {
        let error: String? = if let problem = notification.problem {
            problem
        } else if let allowed = settings.allowedHosts, !allowed.contains(notification.host) {
            "the host \(notification.host) is not one the daemon may send to (--notify-allowed-host)"
        } else {
            await send(notification, with: client)
        }
        var metadata: Logger.Metadata = [
            "notification": "\(notification.subscriptionID)", "delivery": "\(notification.deliveryID)",
            "event": "\(notification.kind.rawValue)", "to": "\(notification.origin)", "try": "\(notification.attempt)",
            "household": "\(gate.household)",
        ]
        do {
            try await gate.recordTry(of: notification, error: error, retry: settings.retry)
        } catch {
            logger.error("cannot record a notification's try", metadata: metadata.merging(["error": "\(error.description)"]) { $1 })
        }
        onTry(error == nil)
        if let error {
            metadata["error"] = "\(error)"
            metadata["retryIn"] = "\(DurationText.format(settings.retry.delay(afterAttempt: notification.attempt)))"
            logger.warning("notification not delivered", metadata: metadata)
        } else {
            logger.info("notification delivered", metadata: metadata)
        }
    }

    /// POSTs `notification`; returns why it failed, or `nil` when the receiver took it (2xx).
    private func send(_ notification: OutgoingNotification, with client: HTTPClient) async -> String? {
        var request = HTTPClientRequest(url: notification.url)
        request.method = .POST
        for header in notification.headers {
            request.headers.add(name: header.name, value: header.value)
        }
        request.body = .bytes(notification.body)
        do {
            let response = try await client.execute(request, timeout: .milliseconds(settings.timeout.wholeMilliseconds))
            // What the receiver says is never kept or shown: only its status counts.
            _ = try? await response.body.collect(upTo: Self.answerLimit)
            let status = Int(response.status.code)
            return (200..<300).contains(status) ? nil : "HTTP \(status)"
        } catch {
            return Self.reason(error, url: notification.url, origin: notification.origin)
        }
    }

    /// A short reason for a failed try, for the log and `notify list`: the URL, which can hold
    /// a secret, reduced to its origin.
    static func reason(_ error: any Error, url: String, origin: String) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return "timed out"
            case .remoteConnectionClosed:
                return "the receiver closed the connection"
            default:
                break
            }
        }
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("connection refused") { return "connection refused (\(origin))" }
        return String(text.replacingOccurrences(of: url, with: origin).prefix(200))
    }
}
