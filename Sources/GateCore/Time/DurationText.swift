import Foundation

/// Reads and writes durations the way people type them: `90s`, `5m`, `1h30m`, `2d`, `1.5s`.
public enum DurationText {
    /// Units in the order they must appear, with their length in milliseconds.
    private static let units: [(suffix: String, milliseconds: Int64)] = [
        ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1),
    ]

    /// The largest duration accepted: a little over 31 years.
    private static let limit: Int64 = 1_000_000_000_000

    /// Parses `text` into a duration, or throws ``GateInputError/malformedDuration(_:)``.
    ///
    /// A duration is one or more `<number><unit>` parts with units `d`, `h`, `m`, `s`, `ms`
    /// in that order, each at most once; only the last part may have a decimal fraction.
    public static func parse(_ text: String) throws(GateInputError) -> Duration {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty, trimmed.count <= 64 else { throw .malformedDuration(text) }
        var rest = Substring(trimmed)
        var total: Int64 = 0
        var previousRank = -1
        var sawFraction = false
        while !rest.isEmpty {
            guard !sawFraction else { throw .malformedDuration(text) }
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(number.count)
            let suffix = rest.prefix { $0.isASCII && $0.isLetter }
            rest = rest.dropFirst(suffix.count)
            guard let rank = units.firstIndex(where: { $0.suffix == suffix }), rank > previousRank,
                  !number.isEmpty, number.first != ".", number.last != "."
            else { throw .malformedDuration(text) }
            previousRank = rank
            let unit = units[rank].milliseconds
            let part: Int64
            if number.contains(".") {
                sawFraction = true
                guard number.count <= 20, let value = Double(number), value * Double(unit) < Double(limit)
                else { throw .malformedDuration(text) }
                part = Int64((value * Double(unit)).rounded())
            } else {
                guard number.count <= 15, let value = Int64(number), value <= limit / unit
                else { throw .malformedDuration(text) }
                part = value * unit
            }
            total += part
            guard total <= limit else { throw .malformedDuration(text) }
        }
        return .milliseconds(total)
    }

    /// Formats `duration` compactly: `30s`, `1.5s`, `5m`, `1h30m`, `365d`.
    public static func format(_ duration: Duration) -> String {
        var milliseconds = max(duration.wholeMilliseconds, -Int64.max)
        if milliseconds == 0 { return "0s" }
        var text = ""
        if milliseconds < 0 {
            text = "-"
            milliseconds = -milliseconds
        }
        for (suffix, size) in units.prefix(3) where milliseconds >= size {
            text += "\(milliseconds / size)\(suffix)"
            milliseconds %= size
        }
        guard milliseconds > 0 else { return text }
        let fraction = milliseconds % 1000
        if fraction == 0 {
            text += "\(milliseconds / 1000)s"
        } else {
            var digits = String(fraction + 1000).dropFirst()
            while digits.last == "0" { digits = digits.dropLast() }
            text += "\(milliseconds / 1000).\(digits)s"
        }
        return text
    }
}
