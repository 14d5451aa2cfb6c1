import Foundation

/// Fans gate notifications out to every open ``Gate/events()`` stream.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<GateNotification>.Continuation] = [:]
    private var observers: [@Sendable (GateNotification) -> Void] = []
    private var commitObservers: [@Sendable () -> Void] = []

    /// Calls `handler` with every notification, synchronously, as it is published.
    func observe(_ handler: @escaping @Sendable (GateNotification) -> Void) {
        lock.withLock { observers.append(handler) }
    }

    /// Calls `handler` after every committed write, synchronously.
    func observeCommits(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { commitObservers.append(handler) }
    }

    /// Tells the commit observers that a write transaction has committed.
    func committed() {
        for observer in lock.withLock({ commitObservers }) { observer() }
    }

    /// Ends every open stream (its `for await` loop finishes).
    func finish() {
        let listeners = lock.withLock { Array(continuations.values) }
        for listener in listeners { listener.finish() }
    }

    /// A new stream of every notification published from now on.
    func stream() -> AsyncStream<GateNotification> {
        let (stream, continuation) = AsyncStream.makeStream(of: GateNotification.self, bufferingPolicy: .bufferingNewest(1000))
        let id = UUID()
        lock.withLock { continuations[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { _ = self.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func publish(_ notifications: [GateNotification]) {
        guard !notifications.isEmpty else { return }
        let (listeners, observers) = lock.withLock { (Array(continuations.values), self.observers) }
        for notification in notifications {
            for observer in observers { observer(notification) }
        }
        for listener in listeners {
            for notification in notifications {
                listener.yield(notification)
            }
        }
    }
}
