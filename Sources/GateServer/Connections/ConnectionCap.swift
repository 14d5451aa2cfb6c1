import HummingbirdCore
import Logging

/// At most `maximum` connections open at once: at the cap the server stops accepting, and new
/// connections wait in the listen backlog until one closes. Reaching the cap is logged.
struct ConnectionCap: AvailableConnectionsDelegate {
    let maximum: Int
    let logger: Logger
    private var open = 0

    init(maximum: Int, logger: Logger) {
        self.maximum = maximum
        self.logger = logger
    }

    mutating func connectionOpened() {
        open += 1
        if open == maximum {
            logger.warning("connection cap reached: \(maximum) connections open; new connections wait until one closes")
        }
    }

    mutating func connectionClosed() {
        open -= 1
    }

    func isAcceptingNewConnections() -> Bool {
        open < maximum
    }
}
