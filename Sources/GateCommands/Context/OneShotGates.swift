import Foundation
import ParentalGate
import Synchronization

/// The gates a one-shot `gatectl` opens: closed when its command ends, and held until it exits.
///
/// Freeing a gate frees GRDB's dispatch queue, and freeing a queue makes libdispatch start its
/// worker threads (a pool thread, their manager and monitor): a tenth of a one-shot
/// `gatectl status`, spent as the process exits. So `gatectl` closes each database connection
/// itself, which is what freeing it would do (SQLite's last-connection checkpoint included),
/// and exits still holding the rest.
package final class OneShotGates: Sendable {
    /// This process's, when it runs one command and exits (``GatectlMain/runHere(_:)``).
    package static let shared = OneShotGates()

    private let state = Mutex((collecting: false, gates: [Gate](), byKey: [String: Gate]()))

    /// From now on, gates opened by commands are kept for ``closeAll()``.
    func startCollecting() {
        state.withLock { $0.collecting = true }
    }

    /// The gate opened before under `key` (the file and how it was opened) when collecting,
    /// else the one `open` opens, kept for ``closeAll()`` and for the next ask: a command that
    /// asks twice uses one connection.
    func gate(_ key: String, open: () throws(GateError) -> Gate) throws(GateError) -> Gate {
        if let gate = state.withLock({ $0.collecting ? $0.byKey[key] : nil }) { return gate }
        let gate = try open()
        state.withLock { state in
            guard state.collecting else { return }
            state.gates.append(gate)
            state.byKey[key] = gate
        }
        return gate
    }

    /// Closes every kept gate's connection, keeping the gates themselves. One that will not
    /// close is let go instead, to be closed as it is freed.
    func closeAll() {
        state.withLock { state in
            state.gates.removeAll { gate in (try? gate.closeConnection()) == nil }
            state.byKey = [:]
        }
    }
}
