import Foundation
import GateCore

/// Dates in `gatectl --json` output and the HTTP API: ISO 8601 in UTC with milliseconds.
public enum JSONDate {
    public static func string(_ date: Date) -> String {
        // Through whole milliseconds (rounded as the store rounds them), then formatted from a
        // value a hair above them, so the formatter's truncation cannot print 1 ms early.
        let milliseconds = date.millisecondsSince1970
        let exact = Date(timeIntervalSince1970: (Double(milliseconds) + 0.25) / 1000)
        return exact.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
