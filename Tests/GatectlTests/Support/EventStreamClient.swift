import Foundation
import Testing

/// `curl` reading a server's event stream (`text/event-stream`) as it comes, as any client
/// would: its standard output (the de-chunked body) on a pipe read as it runs.
final class EventStreamClient: @unchecked Sendable {
    /// One event of the stream.
    struct Event: Equatable {
        var id: Int64
        var kind: String
        var data: String

        /// `data` as a JSON object (empty if it is not one).
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:]
        }
    }

    let process: InteractiveGatectl

    /// Starts reading `url` with `token` as the bearer token and, when given, `lastEventID`.
    init(_ url: String, token: String?, lastEventID: Int64? = nil) throws {
        var arguments = ["--silent", "--show-error", "--no-buffer", "--header", "Accept: text/event-stream"]
        if let token { arguments += ["--header", "Authorization: Bearer \(token)"] }
        if let lastEventID { arguments += ["--header", "Last-Event-ID: \(lastEventID)"] }
        process = try InteractiveGatectl(arguments + [url], executable: URL(fileURLWithPath: "/usr/bin/curl"), standardInput: false)
    }

    /// Waits until the server has opened the stream (its first comment has arrived).
    func waitUntilOpen(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await process.waitForOutput(": connected\n\n", timeout: 60, sourceLocation: sourceLocation)
    }

    /// Everything received so far, as it came.
    var received: String {
        process.printed
    }

    /// The complete events received so far, in order.
    var events: [Event] {
        received.components(separatedBy: "\n\n").dropLast().compactMap { block in
            var fields: [String: String] = [:]
            for line in block.split(separator: "\n") where !line.hasPrefix(":") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                fields[String(parts[0])] = String(parts[1].dropFirst(parts[1].hasPrefix(" ") ? 1 : 0))
            }
            guard let id = fields["id"].flatMap({ Int64($0) }), let kind = fields["event"], let data = fields["data"] else { return nil }
            return Event(id: id, kind: kind, data: data)
        }
    }

    /// Waits (at most a minute, polling what arrived) for the first event that `matches`.
    @discardableResult
    func waitForEvent(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, matching matches: (Event) -> Bool
    ) async throws -> Event {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if let event = events.first(where: matches) { return event }
            try await Task.sleep(for: .milliseconds(20))
        }
        let found = events.first(where: matches)
        return try #require(found, "no event \(what) arrived; received:\n\(received)\n\(process.printedErrors)", sourceLocation: sourceLocation)
    }

    /// Waits (at most a minute) until curl ends by itself, as when the server ends the stream.
    func waitForEnd() async -> GatectlProcess.Result? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return process.isRunning ? nil : process.finish(timeout: 0)
    }

    /// Hangs up: ends curl at once, with SIGKILL (a child of the test process can inherit a
    /// signal mask that blocks SIGTERM).
    func stop() {
        if process.isRunning { kill(process.pid, SIGKILL) }
        _ = process.finish(timeout: 10)
    }

    deinit {
        if process.isRunning { stop() }
    }
}
