import Foundation

/// Dates in `--json` output: ISO 8601 in UTC with milliseconds.
enum JSONDate {
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
