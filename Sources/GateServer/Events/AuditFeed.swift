import Foundation
import Synchronization

/// Wakes every open event stream when the gate has committed a write in this process, so
/// such changes go out at once rather than at the stream's next look at the file.
final class AuditFeed: Sendable {
    private let bells = Mutex<[UUID: AsyncStream<Void>.Continuation]>([:])

    /// A new subscriber's wake-ups, and the bell that rings them: a ring while one is still
    /// pending is the same wake-up. The subscription ends when the stream does.
    func subscribe() -> (wakeups: AsyncStream<Void>, bell: AsyncStream<Void>.Continuation) {
        let (wakeups, bell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        bells.withLock { $0[id] = bell }
        bell.onTermination = { [weak self] _ in
            _ = self?.bells.withLock { $0.removeValue(forKey: id) }
        }
        return (wakeups, bell)
    }

    /// Wakes every subscriber.
    func ring() {
        for bell in bells.withLock({ Array($0.values) }) { bell.yield() }
    }
}
