import Foundation
import Synchronization

/// Connections open per client address, shared by every connection's
/// ``AddressConnectionLimitHandler``, and how often each address was refused, so that a
/// client hammering the limit fills the log with one line a minute, not one per connection.
final class AddressConnectionCounter: Sendable {
    /// What to log about a refused connection.
    enum RefusalNote: Equatable {
        /// The first refusal of the address in a while: one line.
        case first
        /// `count` refusals (this one included) in the `seconds` since the last line.
        case summary(count: Int, seconds: Int)
    }

    /// The most often a line about one address's refusals is logged.
    static let logInterval: TimeInterval = 60
    /// The most addresses whose refusals are remembered at once.
    static let maximumRefusedKeys = 10_000

    let maximum: Int
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    private struct State: Sendable {
        var open: [String: Int] = [:]
        /// Per refused address: when its last line was logged, and refusals since then.
        var refusals: [String: (loggedAt: Date, count: Int)] = [:]
    }

    init(maximum: Int, now: @escaping @Sendable () -> Date = { Date() }) {
        self.maximum = maximum
        self.now = now
    }

    /// Counts a new connection from `key`; whether it is within the limit (if not, it is
    /// still counted until ``close(_:)``).
    func open(_ key: String) -> Bool {
        state.withLock { state in
            let count = (state.open[key] ?? 0) + 1
            state.open[key] = count
            return count <= maximum
        }
    }

    /// A connection from `key` closed.
    func close(_ key: String) {
        state.withLock { state in
            let count = (state.open[key] ?? 1) - 1
            state.open[key] = count > 0 ? count : nil
        }
    }

    /// Notes that a connection from `key` was refused; what to log about it, or `nil` to stay
    /// quiet (a line about `key` was logged less than ``logInterval`` ago).
    func refused(_ key: String) -> RefusalNote? {
        let now = now()
        return state.withLock { state in
            guard let last = state.refusals[key] else {
                if state.refusals.count >= Self.maximumRefusedKeys {
                    state.refusals = state.refusals.filter { now.timeIntervalSince($0.value.loggedAt) < Self.logInterval }
                }
                if state.refusals.count < Self.maximumRefusedKeys { state.refusals[key] = (now, 0) }
                return .first
            }
            let count = last.count + 1
            guard now.timeIntervalSince(last.loggedAt) >= Self.logInterval || now < last.loggedAt else {
                state.refusals[key] = (last.loggedAt, count)
                return nil
            }
            state.refusals[key] = (now, 0)
            return .summary(count: count, seconds: max(0, Int(now.timeIntervalSince(last.loggedAt).rounded())))
        }
    }
}
