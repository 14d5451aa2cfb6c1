import Foundation
import Synchronization

/// The reads and writes under way on a gate's database, so that ``Gate/close()`` never closes
/// it under one (SQLite must not close under a statement) and none starts after it.
///
/// Closing never waits: with operations under way, the database closes as the last of them
/// ends. (A close that waited would hold a thread of the cooperative pool that an operation
/// needs to finish: two at once could hang a two-core machine.)
final class OperationCount: Sendable {
    private let state = Mutex(State())

    private struct State: Sendable {
        var running = 0
        var isClosed = false
        /// What closes the database, once the last operation under way has ended.
        var closing: (@Sendable () -> Void)?
    }

    /// Counts an operation in; `false` once the gate is closed.
    func enter() -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.running += 1
            return true
        }
    }

    /// Counts an operation out; the last one out of a closed gate closes its database.
    func leave() {
        let closing = state.withLock { state -> (@Sendable () -> Void)? in
            state.running -= 1
            guard state.running == 0, let closing = state.closing else { return nil }
            state.closing = nil
            return closing
        }
        closing?()
    }

    /// Whether the gate was closed.
    var isClosed: Bool {
        state.withLock { $0.isClosed }
    }

    /// Refuses new operations. `true`: none is under way, the caller closes the database now;
    /// `false`: `closing` runs when the last one ends (or the gate was closed already).
    func close(otherwise closing: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.isClosed = true
            guard state.running > 0 else { return true }
            state.closing = closing
            return false
        }
    }
}
