import Foundation
import Synchronization

/// The reads and writes under way on a gate's database, so that ``Gate/close()`` waits for
/// them (SQLite must not close under a statement) and none starts after it.
final class OperationCount: Sendable {
    private let state = Mutex(State())

    private struct State: Sendable {
        var running = 0
        var isClosed = false
    }

    /// Counts an operation in; `false` once the gate is closed.
    func enter() -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.running += 1
            return true
        }
    }

    /// Counts an operation out.
    func leave() {
        state.withLock { $0.running -= 1 }
    }

    /// Refuses new operations, then waits until those under way have ended (each is one
    /// short transaction on the database's own threads).
    func close() {
        state.withLock { $0.isClosed = true }
        while state.withLock({ $0.running }) > 0 { usleep(500) }
    }
}
