import Foundation
import Synchronization

/// Open connections per account, capped.
final class AccountConnections: Sendable {
    private let maximum: Int
    private let counts = Mutex<[uid_t: Int]>([:])

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts a new connection of `uid`; `false` (not counted) when it has `maximum` already.
    func open(_ uid: uid_t) -> Bool {
        counts.withLock { open in
            guard open[uid, default: 0] < maximum else { return false }
            open[uid, default: 0] += 1
            return true
        }
    }

    func close(_ uid: uid_t) {
        counts.withLock { $0[uid, default: 1] -= 1 }
    }
}
