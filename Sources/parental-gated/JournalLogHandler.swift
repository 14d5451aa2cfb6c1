import Foundation
import Logging

/// Log lines for the journal: each starts with its syslog priority (`<6>` for info), which
/// journald reads as the line's priority (`journalctl -p warning` then shows warnings and
/// worse), and carries no time of its own (the journal stamps each line). Used when standard
/// error is the journal's stream (`JOURNAL_STREAM`); elsewhere lines are swift-log's own.
///
/// Hand-written: swift-log's stream handler has no prefix, and a journald handler package is
/// not on this machine's mirror.
struct JournalLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The syslog priority of `level` (sd-daemon(3)).
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    func log(event: LogEvent) {
        var merged = metadataProvider?.get() ?? [:]
        merged.merge(metadata) { $1 }
        merged.merge(event.metadata ?? [:]) { $1 }
        let fields = merged.keys.sorted().map { "\($0)=\(merged[$0].map { "\($0)" } ?? "")" }.joined(separator: " ")
        // One line, one write: a message's own line breaks would start lines without a priority.
        let text = "\(event.message)".replacingOccurrences(of: "\n", with: " ")
        let line = "<\(Self.priority(event.level))>\(text)\(fields.isEmpty ? "" : " " + fields)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Whether standard error is the journal: systemd names the stream it connected in
    /// `JOURNAL_STREAM` (`DEVICE:INODE`); a redirection elsewhere no longer matches it.
    static func isJournal(_ descriptor: Int32, _ environment: [String: String]) -> Bool {
        var status = stat()
        guard let stream = environment["JOURNAL_STREAM"], fstat(descriptor, &status) == 0 else { return false }
        return stream == "\(status.st_dev):\(status.st_ino)"
    }
}
