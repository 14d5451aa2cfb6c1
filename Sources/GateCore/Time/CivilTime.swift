/// A moment's calendar date and time of day in UTC, worked out by arithmetic.
///
/// Foundation's calendars and ISO 8601 styles go through ICU, whose first use in a process
/// loads time-zone and calendar data: a fifth of a one-shot `gatectl status --json`. UTC needs
/// none of it (Howard Hinnant's `civil_from_days`).
package struct CivilTime: Equatable, Sendable {
    package var year: Int64
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
    package var millisecond: Int

    /// The UTC date and time `milliseconds` after 1970-01-01T00:00:00Z (before it when negative).
    package init(millisecondsSince1970 milliseconds: Int64) {
        let perDay: Int64 = 86_400_000
        let (days, rest) = milliseconds.quotientAndRemainder(dividingBy: perDay)
        let (dayNumber, inDay) = rest < 0 ? (days - 1, rest + perDay) : (days, rest)
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let ms = Int(inDay)
        hour = ms / 3_600_000
        minute = ms / 60_000 % 60
        second = ms / 1_000 % 60
        millisecond = ms % 1_000
    }

    /// `2026-11-25T13:42:06.123Z`; `nil` before 1583 (Foundation's calendar is Julian before
    /// October 1582) and after 9999 (no four-digit year).
    package var iso8601: String? {
        guard (1583...9999).contains(year) else { return nil }
        let twoDigits = 0..<100
        guard twoDigits.contains(month), twoDigits.contains(day), twoDigits.contains(hour), twoDigits.contains(minute),
              twoDigits.contains(second), (0..<1000).contains(millisecond)
        else { return nil }
        // Written digit by digit into the string's own storage: every JSON time goes through here.
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var at = 0
            func put(_ value: Int, _ digits: Int) {
                var rest = value
                for place in stride(from: at + digits - 1, through: at, by: -1) {
                    buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                at += digits
            }
            func put(_ character: Unicode.Scalar) {
                buffer[at] = UInt8(ascii: character)
                at += 1
            }
            put(Int(year), 4)
            put("-"); put(month, 2); put("-"); put(day, 2); put("T"); put(hour, 2)
            put(":"); put(minute, 2); put(":"); put(second, 2); put("."); put(millisecond, 3); put("Z")
            return at
        }
    }

    /// Appends `value` (not negative) with leading zeros to `digits` places.
    package static func append(_ value: Int, digits: Int, to text: inout String) {
        let written = String(value)
        if written.utf8.count < digits { text.append(String(repeating: "0", count: digits - written.utf8.count)) }
        text.append(written)
    }
}
