import Foundation
import Synchronization

/// Which write transactions of a store are under way, so that a writer can tell whether it
/// would have to wait.
///
/// A write runs on its caller's thread only when no other write of the store is running or
/// queued; otherwise it queues on GRDB's writer queue. (A queued write that reaches the
/// queue just before a caller-thread write, in the instant after that one checked, makes it
/// wait for one transaction: never a deadlock, as nothing waits in the other order.)
final class WriteTraffic: Sendable {
    private let state = Mutex(State())

    private struct State {
        var callerThreadWrite = false
        var queued = 0
        var queuedEver = 0
    }

    /// Claims the right to write on the caller's thread: true when nothing else is writing.
    func claimCallerThread() -> Bool {
        state.withLock { state in
            guard !state.callerThreadWrite, state.queued == 0 else { return false }
            state.callerThreadWrite = true
            return true
        }
    }

    /// Ends a write claimed with ``claimCallerThread()``.
    func endCallerThread() {
        state.withLock { $0.callerThreadWrite = false }
    }

    /// Notes a write that goes through the writer queue, until ``endQueued()``.
    func beginQueued() {
        state.withLock { state in
            state.queued += 1
            state.queuedEver += 1
        }
    }

    func endQueued() {
        state.withLock { $0.queued -= 1 }
    }

    /// How many writes have gone through the writer queue.
    var queuedWrites: Int {
        state.withLock { $0.queuedEver }
    }
}
