import Foundation
import GateJSON
import HTTPTypes
import Hummingbird
import Logging
import ParentalGate
import ServiceLifecycle

/// `GET /v1/admin/events`: every change to the database, whoever made it, as Server-Sent
/// Events. Every change is audited, so the stream is the audit log's tail: one event per
/// new audit record, `id:` its id, `event:` its kind, `data:` the record as JSON (as `gatectl
/// audit list --json` prints it).
///
/// - A stream starts after the newest record, or after `Last-Event-ID` (a reconnecting
///   client's last id): it resumes with nothing missed and nothing repeated.
/// - It reads records after the last one sent (by primary key) when woken: at once when this
///   process's gate has committed a write (HTTP, either socket), else every
///   ``GateServerOptions/eventPollInterval``, which is how writes by other processes on the
///   same file (a `gatectl --database`) arrive; the library's own loop does it
///   (``Gate/followAudit(after:pollInterval:deliver:idle:)``).
/// - A comment line goes out whenever nothing else has for ``GateServerOptions/eventHeartbeat``,
///   so proxies and clients keep an idle stream open.
/// - A repeated refusal (a run of the same refused begin, replay or clock anomaly) is one
///   audit record, so one event when it first happens: its count grows in place and is sealed
///   into the profile's next record (`details.sealedRuns`), never a flood of events.
/// - It ends cleanly (the chunked body finished) on graceful shutdown or cancellation, and
///   when the database cannot be read (the client reconnects with `Last-Event-ID`).
struct AuditEventStream: Sendable {
    let gate: Gate
    let pollInterval: Duration
    let heartbeat: Duration

    /// Records read at a time.
    static let batchSize = 500

    /// The request header a reconnecting client sends its last event's id in.
    static let lastEventIDField = HTTPField.Name("Last-Event-ID")!

    /// The stream for `request`; a 400 problem for a `Last-Event-ID` that is not a record
    /// id of this log.
    func response(to request: Request, context: GateRequestContext) async throws -> Response {
        let newest = try await gate.auditEntries(order: .newestFirst, limit: 1).items.first?.id ?? 0
        var after = newest
        if let text = request.headers[Self.lastEventIDField] {
            guard let id = Int64(text.trimmedOfSpaces), id >= 0 else {
                throw Refusal(.badRequest, "Last-Event-ID must be the id of an event this stream sent (a whole number)")
            }
            guard id <= newest else {
                throw Refusal(.badRequest, "Last-Event-ID \(id) is after the newest audit record (\(newest)): it is not from this database")
            }
            after = id
        }
        let logger = context.logger
        var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        // nginx passes the events on as they come instead of buffering them.
        if let buffering = HTTPField.Name("X-Accel-Buffering") { headers[buffering] = "no" }
        let start = after
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await self.send(after: start, to: &writer, logger: logger)
            try await writer.finish(nil)
        })
    }

    /// Sends the records after `start` as they come (``Gate/followAudit(after:pollInterval:deliver:idle:)``),
    /// until shutdown, cancellation or a database error; throws when the client has gone.
    private func send(after start: Int64, to writer: inout any ResponseBodyWriter, logger: Logger) async throws {
        try await writer.write(ByteBuffer(string: ": connected\n\n"))
        var quietSince = ContinuousClock.now
        var failure: (any Error)?
        let (wakeups, bell) = gate.auditBell()
        do {
            try await withTaskCancellationOrGracefulShutdownHandler {
                try await gate.followAudit(after: start, pollInterval: min(pollInterval, heartbeat), wakeups: wakeups, bell: bell) {
                    entries throws(GateError) in
                    do {
                        try await writer.write(try Self.events(entries))
                    } catch {
                        failure = error  // the client has gone
                        return nil
                    }
                    quietSince = .now
                    return entries.last?.id
                } idle: {
                    guard ContinuousClock.now - quietSince >= heartbeat else { return }
                    try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    quietSince = .now
                }
            } onCancelOrGracefulShutdown: {
                bell.finish()
            }
        } catch let error as GateError where !error.isClosed {
            logger.error("event stream ended: \(error)")
        } catch is GateError {
            // The gate closed (the daemon is stopping): the stream ends as on shutdown.
        }
        if let failure { throw failure }
    }

    /// `entries` as events.
    private static func events(_ entries: [AuditEntry]) throws -> ByteBuffer {
        let encoder = JSONEncoder.gate()
        var buffer = ByteBuffer()
        for entry in entries {
            let data = String(decoding: try encoder.encode(entry), as: UTF8.self)
            buffer.writeString("id: \(entry.id)\nevent: \(entry.event.kind.rawValue)\ndata: \(data)\n\n")
        }
        return buffer
    }
}
