import ArgumentParser
import Foundation
import GateCore
import ParentalGate

/// A point in time typed on the command line: a duration ago (`24h`, `7d`) or a date
/// (`2026-11-21`, `2026-11-21T18:00:00Z`).
struct TimeArgument: ExpressibleByArgument, Sendable {
    private enum Value {
        case ago(Duration)
        case date(Date)
    }

    private let value: Value

    init?(argument: String) {
        if let duration = try? DurationText.parse(argument) {
            value = .ago(duration)
        } else if let date = Self.parseDate(argument) {
            value = .date(date)
        } else {
            return nil
        }
    }

    /// The moment meant, relative to `now` for durations.
    func date(relativeTo now: Date) -> Date {
        switch value {
        case .ago(let duration): now.adding(.zero - duration)
        case .date(let date): date
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }

    private static func parseDate(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        let day = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        return try? Date(text, strategy: day)
    }
}
