import Synchronization

/// The notifications one ``Gate/events()`` stream holds for its reader: at most
/// ``Gate/eventBuffer``; beyond that they are counted, and the reader gets
/// ``GateNotification/missed(count:)`` right where they would have been, never silence.
final class EventBuffer: Sendable {
    private let state: Mutex<State>

    private struct State {
        let capacity: Int
        var held: [GateNotification] = []
        /// The first still held (`held` is trimmed from the front now and then, not each time).
        var start = 0
        /// How many were not kept since the reader last heard of a gap.
        var missed = 0
        var isFinished = false
        /// The readers waiting for the next one, first come first served (tasks that share one
        /// stream each get their own notifications).
        var waiting: [CheckedContinuation<GateNotification?, Never>] = []

        var count: Int { held.count - start }

        /// The next for the reader, `.some(nil)` at the end, `nil` when there is none yet.
        mutating func take() -> GateNotification?? {
            if start < held.count {
                defer {
                    start += 1
                    if start == held.count || start >= 64 && start * 2 >= held.count {
                        held.removeFirst(start)
                        start = 0
                    }
                }
                return held[start]
            }
            if missed > 0 {
                defer { missed = 0 }
                return .missed(count: missed)
            }
            return isFinished ? .some(nil) : nil
        }
    }

    init(capacity: Int) {
        state = Mutex(State(capacity: capacity))
    }

    /// Adds `notification` for the reader (handing it over at once if it waits), or counts it
    /// as missed when the buffer is full or a gap is still untold (so the gap comes in order).
    func add(_ notification: GateNotification) {
        let reader = state.withLock { state -> CheckedContinuation<GateNotification?, Never>? in
            guard !state.isFinished else { return nil }
            if !state.waiting.isEmpty { return state.waiting.removeFirst() }
            if state.missed > 0 || state.count >= state.capacity {
                state.missed += 1
            } else {
                state.held.append(notification)
            }
            return nil
        }
        reader?.resume(returning: notification)
    }

    /// Ends the stream once the reader has taken what is held.
    func finish() {
        let readers = state.withLock { state in
            state.isFinished = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for reader in readers { reader.resume(returning: nil) }
    }

    /// The next notification, waiting for one; `nil` once finished and empty, or cancelled.
    func next() async -> GateNotification? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (reader: CheckedContinuation<GateNotification?, Never>) in
                let ready = state.withLock { state -> GateNotification?? in
                    if let next = state.take() { return next }
                    state.waiting.append(reader)
                    return nil
                }
                if let ready { reader.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }
}
