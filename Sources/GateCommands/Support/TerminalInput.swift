import Foundation
import Synchronization

/// Lines typed at standard input, read on a background thread so that waiting for one can
/// time out at a challenge's deadline.
final class TerminalInput: Sendable {
    /// What waiting for a line gave.
    enum Event: Equatable {
        case line(String)
        /// Standard input ended (Ctrl-D, or the end of piped input).
        case end
        /// The time ran out first.
        case timeout
    }

    /// Lines read that no one waited for yet (`nil`: the end), and who waits for the next one.
    private struct State {
        var buffered: [String?] = []
        var waiter: (id: UUID, continuation: CheckedContinuation<Event, Never>)?
    }

    private let state = Mutex(State())

    init() {
        Thread.detachNewThread { [self] in
            while true {
                let line = readLine(strippingNewline: true)
                deliver(line)
                if line == nil { return }
            }
        }
    }

    /// The next line, waiting at most `seconds`.
    func next(within seconds: TimeInterval) async -> Event {
        await withCheckedContinuation { continuation in
            let id = UUID()
            let buffered: String?? = state.withLock { state in
                if !state.buffered.isEmpty { return state.buffered.removeFirst() }
                state.waiter = (id, continuation)
                return nil
            }
            if let line = buffered {
                continuation.resume(returning: line.map(Event.line) ?? .end)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [self] in
                let waiting = state.withLock { state -> CheckedContinuation<Event, Never>? in
                    guard let waiting = state.waiter, waiting.id == id else { return nil }
                    state.waiter = nil
                    return waiting.continuation
                }
                waiting?.resume(returning: .timeout)
            }
        }
    }

    private func deliver(_ line: String?) {
        let waiting = state.withLock { state -> CheckedContinuation<Event, Never>? in
            guard let waiting = state.waiter else {
                state.buffered.append(line)
                return nil
            }
            state.waiter = nil
            return waiting.continuation
        }
        waiting?.resume(returning: line.map(Event.line) ?? .end)
    }
}
