import Foundation

extension JSONEncoder {
    /// The encoder of every JSON the gate writes (`--json` output, the HTTP API, export
    /// files, the store's JSON columns): keys sorted, `/` not escaped, times as ISO 8601 UTC
    /// with milliseconds; indented for people when `pretty`. A backend that passes the gate's
    /// values on writes them with it, in the HTTP API's shapes.
    public static func gate(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.iso8601Milliseconds)
        }
        return encoder
    }
}

extension Date {
    /// ISO 8601 in UTC with milliseconds, as the gate's JSON writes times.
    package var iso8601Milliseconds: String {
        // Whole milliseconds, rounded as the store rounds them; by arithmetic, not a calendar.
        if let text = CivilTime(millisecondsSince1970: millisecondsSince1970).iso8601 { return text }
        // Before 1583 or after 9999: Foundation's form, from a value a hair above the whole
        // milliseconds, so the formatter's truncation cannot print 1 ms early.
        let exact = Date(timeIntervalSince1970: (Double(millisecondsSince1970) + 0.25) / 1000)
        return exact.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
