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
        let fields = merged.keys.sorted().map { "\(Self.escaped($0, quoting: false))=\(Self.escaped("\(merged[$0] ?? "")", quoting: true))" }
        // One line, one write: a line break in a message or value would start a line of its own,
        // with a priority of the writer's choosing.
        let text = Self.escaped("\(event.message)", quoting: false)
        let line = "<\(Self.priority(event.level))>\(text)\(fields.isEmpty ? "" : " " + fields.joined(separator: " "))\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// `text` with control characters written as `\u{…}`; with `quoting`, in quotes (its own
    /// quotes and backslashes escaped) when it holds a space, a quote or `=`, so a value cannot
    /// pass for further `key=value` fields.
    static func escaped(_ text: String, quoting: Bool) -> String {
        var plain = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                plain += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        guard quoting, plain.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) || plain.isEmpty else { return plain }
        return "\"" + plain.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Whether standard error is the journal: systemd names the stream it connected in
    /// `JOURNAL_STREAM` (`DEVICE:INODE`); a redirection elsewhere no longer matches it.
    static func isJournal(_ descriptor: Int32, _ environment: [String: String]) -> Bool {
        var status = stat()
        guard let stream = environment["JOURNAL_STREAM"], fstat(descriptor, &status) == 0 else { return false }
        return stream == "\(status.st_dev):\(status.st_ino)"
    }
}
