import Foundation

/// Rings, after a transaction that queued notifications has committed, every handler that
/// listens (the daemon's deliverer), so a delivery starts at once instead of at its next look.
final class NotificationBell: @unchecked Sendable {
    private let lock = NSLock()
    private var handlers: [@Sendable () -> Void] = []

    func observe(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { handlers.append(handler) }
    }

    func ring() {
        for handler in lock.withLock({ handlers }) { handler() }
    }
}
