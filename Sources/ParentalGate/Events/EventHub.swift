import Foundation
import Synchronization

/// Fans gate notifications out to every open ``Gate/events()`` stream.
final class EventHub: Sendable {
    private let state = Mutex(State())

    private struct State: Sendable {
        /// Set by ``finish()``: a stream asked for afterwards ends at once.
        var isFinished = false
        /// The open ``Gate/events()`` streams' buffers; one whose stream is gone is let go of.
        var listeners: [Listener] = []
        var observers: [@Sendable (GateNotification) -> Void] = []
        var commitObservers: [@Sendable () -> Void] = []
        /// The wake-ups of readers of the audit log's tail (``bell()``).
        var bells: [UUID: AsyncStream<Void>.Continuation] = [:]
    }

    /// A stream's buffer, held only as long as its stream is.
    private struct Listener: Sendable {
        weak var buffer: EventBuffer?
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
        let (observers, bells) = state.withLock { ($0.commitObservers, Array($0.bells.values)) }
        for observer in observers { observer() }
        for bell in bells { bell.yield() }
    }

    /// A new reader's wake-ups after every committed write, and the bell that rings them (a
    /// timer may too): a ring while one is still pending is the same wake-up. The
    /// subscription ends when the bell is finished, and with ``finish()``.
    func bell() -> (wakeups: AsyncStream<Void>, bell: AsyncStream<Void>.Continuation) {
        let (wakeups, bell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        bell.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.bells.removeValue(forKey: id) }
        }
        let isFinished = state.withLock { state in
            if !state.isFinished { state.bells[id] = bell }
            return state.isFinished
        }
        if isFinished { bell.finish() }
        return (wakeups, bell)
    }

    /// Ends every open stream (its `for await` loop finishes), and every later one at once.
    func finish() {
        let (listeners, bells) = state.withLock { state in
            state.isFinished = true
            return (state.listeners.compactMap(\.buffer), Array(state.bells.values))
        }
        for listener in listeners { listener.finish() }
        for bell in bells { bell.finish() }
    }

    /// A new stream of every notification published from now on, its reader told of any it
    /// fell too far behind to be given (``EventBuffer``).
    func stream(holding capacity: Int) -> AsyncStream<GateNotification> {
        let buffer = EventBuffer(capacity: capacity)
        let isFinished = state.withLock { state in
            if !state.isFinished { state.listeners.append(Listener(buffer: buffer)) }
            return state.isFinished
        }
        if isFinished { buffer.finish() }
        return AsyncStream(unfolding: { await buffer.next() }, onCancel: { buffer.finish() })
    }

    func publish(_ notifications: [GateNotification]) {
        guard !notifications.isEmpty else { return }
        let (listeners, observers) = state.withLock { state in
            state.listeners.removeAll { $0.buffer == nil }
            return (state.listeners.compactMap(\.buffer), state.observers)
        }
        for notification in notifications {
            for observer in observers { observer(notification) }
        }
        for listener in listeners {
            for notification in notifications {
                listener.add(notification)
            }
        }
    }
}
