import Foundation
import Synchronization

/// Fans gate notifications out to every open ``Gate/events()`` stream.
final class EventHub: Sendable {
    private let state = Mutex(State())

    private struct State: Sendable {
        /// Set by ``finish()``: a stream asked for afterwards ends at once.
        var isFinished = false
        var continuations: [UUID: AsyncStream<GateNotification>.Continuation] = [:]
        var observers: [@Sendable (GateNotification) -> Void] = []
        var commitObservers: [@Sendable () -> Void] = []
    }

    /// Calls `handler` with every notification, synchronously, as it is published.
    func observe(_ handler: @escaping @Sendable (GateNotification) -> Void) {
        state.withLock { $0.observers.append(handler) }
    }

    /// Calls `handler` after every committed write, synchronously.
    func observeCommits(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.commitObservers.append(handler) }
    }

    /// Tells the commit observers that a write transaction has committed.
    func committed() {
        for observer in state.withLock({ $0.commitObservers }) { observer() }
    }

    /// Ends every open stream (its `for await` loop finishes), and every later one at once.
    func finish() {
        let listeners = state.withLock { state in
            state.isFinished = true
            return Array(state.continuations.values)
        }
        for listener in listeners { listener.finish() }
    }

    /// A new stream of every notification published from now on.
    func stream() -> AsyncStream<GateNotification> {
        let (stream, continuation) = AsyncStream.makeStream(of: GateNotification.self, bufferingPolicy: .bufferingNewest(1000))
        let id = UUID()
        // Set before the stream is registered: a finish() meanwhile still finds it removed.
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        let isFinished = state.withLock { state in
            if !state.isFinished { state.continuations[id] = continuation }
            return state.isFinished
        }
        if isFinished { continuation.finish() }
        return stream
    }

    func publish(_ notifications: [GateNotification]) {
        guard !notifications.isEmpty else { return }
        let (listeners, observers) = state.withLock { (Array($0.continuations.values), $0.observers) }
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
