import Logging
import Synchronization

/// A logger whose lines are kept for the test to read: message, level and all metadata (the
/// logger's own merged with the line's), as a log handler would print them.
public final class CapturedLog: Sendable {
    public struct Line: Sendable {
        public var level: Logger.Level
        public var message: String
        public var metadata: [String: String]
    }

    private let captured = Mutex<[Line]>([])

    public init() {}

    /// A logger writing into this log, at `level` and above.
    public func logger(level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "tests") { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    /// The lines logged so far.
    public var lines: [Line] {
        captured.withLock { $0 }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }.mapValues(\.description)
            let line = Line(level: event.level, message: event.message.description, metadata: all)
            log.captured.withLock { $0.append(line) }
        }
    }
}
