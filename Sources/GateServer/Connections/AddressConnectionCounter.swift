import Foundation

/// Connections open per client address, shared by every connection's
/// ``AddressConnectionLimitHandler``.
final class AddressConnectionCounter: @unchecked Sendable {
    let maximum: Int
    private let lock = NSLock()
    private var open: [String: Int] = [:]

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts a new connection from `key`; whether it is within the limit (if not, it is
    /// still counted until ``close(_:)``).
    func open(_ key: String) -> Bool {
        lock.withLock {
            let count = (open[key] ?? 0) + 1
            open[key] = count
            return count <= maximum
        }
    }

    /// A connection from `key` closed.
    func close(_ key: String) {
        lock.withLock {
            let count = (open[key] ?? 1) - 1
            open[key] = count > 0 ? count : nil
        }
    }
}
