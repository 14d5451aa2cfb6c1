import Foundation
import Synchronization

/// Rings, after a transaction that queued notifications has committed, every handler that
/// listens (the daemon's deliverer), so a delivery starts at once instead of at its next look.
package final class NotificationBell: Sendable {
    private let handlers = Mutex<[@Sendable () -> Void]>([])

    package init() {}

    package func observe(_ handler: @escaping @Sendable () -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    package func ring() {
        for handler in handlers.withLock({ $0 }) { handler() }
    }
}
