import Foundation

/// Lines typed at standard input, read on a background thread so that waiting for one can
/// time out at a challenge's deadline.
final class TerminalInput: @unchecked Sendable {
    /// What waiting for a line gave.
    enum Event: Equatable {
        case line(String)
        /// Standard input ended (Ctrl-D, or the end of piped input).
        case end
        /// The time ran out first.
        case timeout
    }

    private let lock = NSLock()
    private var buffered: [String?] = []
    private var waiter: (id: UUID, continuation: CheckedContinuation<Event, Never>)?

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
            lock.lock()
            if !buffered.isEmpty {
                let line = buffered.removeFirst()
                lock.unlock()
                continuation.resume(returning: line.map(Event.line) ?? .end)
                return
            }
            let id = UUID()
            waiter = (id, continuation)
            lock.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [self] in
                lock.lock()
                guard let waiting = waiter, waiting.id == id else {
                    lock.unlock()
                    return
                }
                waiter = nil
                lock.unlock()
                waiting.continuation.resume(returning: .timeout)
            }
        }
    }

    private func deliver(_ line: String?) {
        lock.lock()
        if let waiting = waiter {
            waiter = nil
            lock.unlock()
            waiting.continuation.resume(returning: line.map(Event.line) ?? .end)
        } else {
            buffered.append(line)
            lock.unlock()
        }
    }
}
