import Foundation
import GateCore

extension Gate {
    /// How many updates wait in an ``updates(after:pollInterval:)`` stream for a slow
    /// consumer; the rest wait in the audit log, read again when there is room.
    static let updateBuffer = 1000

    /// Every change the gate records from now on (after the newest audit record), or after
    /// audit record `auditID` (the last a consumer handled, to resume after a restart), in
    /// order, none missed and none twice.
    ///
    /// The audit log is the source, so a consumer that falls behind loses nothing: what does
    /// not fit its buffer is read again from the log. Records pruned before they were read
    /// are one ``GateUpdate/pruned(after:next:)``. Changes made through this gate arrive at
    /// once; those of other processes on the same database within `pollInterval`. A record
    /// repeated in place (a run of the same refusal) arrives once, when it is first written.
    /// The stream ends when the gate is closed and when its task is cancelled, and throws a
    /// ``GateError`` when the database cannot be read. This call throws
    /// ``GateError/notFound(_:)`` for an `auditID` after the newest record.
    public func updates(
        after auditID: Int64? = nil, pollInterval: Duration = .seconds(2)
    ) async throws(GateError) -> AsyncThrowingStream<GateUpdate, any Error> {
        try await updates(after: auditID, pollInterval: pollInterval, buffer: Self.updateBuffer)
    }

    /// The same with a buffer of `buffer` updates (a test's small one).
    package func updates(
        after auditID: Int64?, pollInterval: Duration, buffer: Int
    ) async throws(GateError) -> AsyncThrowingStream<GateUpdate, any Error> {
        let newest = try await auditEntries(order: .newestFirst, limit: 1).items.first?.id ?? 0
        let start = auditID ?? newest
        guard (0...newest).contains(start) else { throw GateError.notFound(.auditRecord(start)) }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: GateUpdate.self, bufferingPolicy: .bufferingOldest(max(buffer, 1)))
        let gate = self
        let (wakeups, bell) = auditBell()
        let task = Task {
            do {
                try await withTaskCancellationHandler {
                    try await gate.sendUpdates(after: start, pollInterval: pollInterval, wakeups: wakeups, bell: bell, to: continuation)
                } onCancel: {
                    bell.finish()
                }
                continuation.finish()
            } catch let error as GateError where error.isClosed {
                continuation.finish()  // the gate was closed as the stream read
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Yields the updates after audit record `start` to `continuation` until the bell is
    /// finished.
    private func sendUpdates(
        after start: Int64, pollInterval: Duration, wakeups: AsyncStream<Void>, bell: AsyncStream<Void>.Continuation,
        to continuation: AsyncThrowingStream<GateUpdate, any Error>.Continuation
    ) async throws {
        var last = start
        var names = DisplayNames()
        try await followAudit(after: last, pollInterval: pollInterval, wakeups: wakeups, bell: bell) { entries throws(GateError) in
            if let first = entries.first, first.id > last + 1 {
                guard case .enqueued = continuation.yield(.pruned(after: last, next: first.id)) else { return last }
                last = first.id - 1
            }
            try await names.refresh(for: entries, from: self)
            for entry in entries {
                switch continuation.yield(.recorded(entry, displayName: names.displayName(of: entry))) {
                case .enqueued: last = entry.id
                case .dropped: return last  // full: the rest is read again from the log
                case .terminated: return nil
                @unknown default: return nil
                }
            }
            return last
        }
    }

    /// A reader's wake-ups after every write this gate commits, and the bell that rings them:
    /// finishing the bell ends ``followAudit(after:pollInterval:wakeups:bell:deliver:idle:)``
    /// (on cancellation, on shutdown). Closing the gate finishes it too.
    package func auditBell() -> (wakeups: AsyncStream<Void>, bell: AsyncStream<Void>.Continuation) {
        hub.bell()
    }

    /// Reads the audit log's records after `start` as they are committed, until `bell` (from
    /// ``auditBell()``) is finished, the gate closed or `deliver` says stop: at once after a
    /// write of this gate, else every `pollInterval` (other processes' writes).
    ///
    /// `deliver` gets each batch, oldest first, and returns the id of the last record it took
    /// (the batch's last, or an earlier one when it had no room: the rest is read again a
    /// moment later), or `nil` to stop. `idle` runs at each wake-up that found nothing new.
    package func followAudit(
        after start: Int64, pollInterval: Duration, wakeups: AsyncStream<Void>, bell: AsyncStream<Void>.Continuation,
        deliver: ([AuditEntry]) async throws(GateError) -> Int64?,
        idle: () async throws -> Void = {}
    ) async throws {
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: pollInterval)
                bell.yield()
            }
        }
        defer {
            ticker.cancel()
            bell.finish()
        }
        var last = start
        var fullWait = 10
        bell.yield()
        for await _ in wakeups {
            var found = false
            reading: while !Task.isCancelled, !operations.isClosed {
                let page = try await auditEntries(order: .oldestFirst, limit: 500, after: PageCursor(id: last))
                guard let newest = page.items.last else { break }
                found = true
                guard let taken = try await deliver(page.items) else { return }
                if taken < newest.id {
                    // The consumer is full: give it a moment (longer while it takes nothing),
                    // then read on from what it took.
                    fullWait = taken > last ? 10 : min(fullWait * 2, 1000)
                    last = taken
                    try? await Task.sleep(for: .milliseconds(fullWait))
                    continue reading
                }
                last = taken
                if page.next == nil { break }
            }
            if Task.isCancelled || operations.isClosed { return }
            if !found { try await idle() }
        }
    }
}

/// Profiles' display names by id, read again when a record names a profile not seen yet or
/// changes one.
private struct DisplayNames {
    private var names: [Int64: String?] = [:]

    mutating func refresh(for entries: [AuditEntry], from gate: Gate) async throws(GateError) {
        let changes: Set<AuditEventKind> = [.profileAdded, .profileRenamed, .profileUpdated, .profileRemoved]
        let stale = entries.contains { entry in
            changes.contains(entry.event.kind) || entry.event.profileID.map { names[$0] == nil } == true
        }
        guard stale else { return }
        let profiles = try await gate.profiles()
        var fresh: [Int64: String?] = Dictionary(uniqueKeysWithValues: profiles.map { ($0.id, Optional($0.displayName)) })
        for entry in entries { if let id = entry.event.profileID, fresh[id] == nil { fresh[id] = .some(nil) } }
        names = fresh
    }

    func displayName(of entry: AuditEntry) -> String? {
        entry.event.profileID.flatMap { names[$0] ?? nil }
    }
}
