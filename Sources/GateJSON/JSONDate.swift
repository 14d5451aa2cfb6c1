import Foundation
import GateCore
import ParentalGate

/// Dates in `gatectl --json` output and the HTTP API: ISO 8601 in UTC with milliseconds.
public enum JSONDate {
    public static func string(_ date: Date) -> String {
        date.iso8601Milliseconds
    }
}
