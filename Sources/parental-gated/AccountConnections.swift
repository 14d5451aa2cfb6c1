import Foundation

/// Open connections per account, capped.
final class AccountConnections: @unchecked Sendable {
    private let maximum: Int
    private let lock = NSLock()
    private var open: [uid_t: Int] = [:]

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts a new connection of `uid`; `false` (not counted) when it has `maximum` already.
    func open(_ uid: uid_t) -> Bool {
        lock.withLock {
            guard open[uid, default: 0] < maximum else { return false }
            open[uid, default: 0] += 1
            return true
        }
    }

    func close(_ uid: uid_t) {
        lock.withLock { open[uid, default: 1] -= 1 }
    }
}
