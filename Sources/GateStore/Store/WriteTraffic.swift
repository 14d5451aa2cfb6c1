import Foundation

/// Which write transactions of a store are under way, so that a writer can tell whether it
/// would have to wait.
///
/// A write runs on its caller's thread only when no other write of the store is running or
/// queued; otherwise it queues on GRDB's writer queue. (A queued write that reaches the
/// queue just before a caller-thread write, in the instant after that one checked, makes it
/// wait for one transaction: never a deadlock, as nothing waits in the other order.)
final class WriteTraffic: @unchecked Sendable {
    private let lock = NSLock()
    private var callerThreadWrite = false
    private var queued = 0
    private var queuedEver = 0

    /// Claims the right to write on the caller's thread: true when nothing else is writing.
    func claimCallerThread() -> Bool {
        lock.withLock {
            guard !callerThreadWrite, queued == 0 else { return false }
            callerThreadWrite = true
            return true
        }
    }

    /// Ends a write claimed with ``claimCallerThread()``.
    func endCallerThread() {
        lock.withLock { callerThreadWrite = false }
    }

    /// Notes a write that goes through the writer queue, until ``endQueued()``.
    func beginQueued() {
        lock.withLock {
            queued += 1
            queuedEver += 1
        }
    }

    func endQueued() {
        lock.withLock { queued -= 1 }
    }

    /// How many writes have gone through the writer queue.
    var queuedWrites: Int {
        lock.withLock { queuedEver }
    }
}
