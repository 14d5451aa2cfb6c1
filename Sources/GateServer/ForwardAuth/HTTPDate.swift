import Foundation
import GateCore

/// The `Date` header's value (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), made
/// once a second.
///
/// Hummingbird writes the header on the answers of its router from a cache of its own, which it
/// does not export; forward auth's answer from memory (``ForwardAuthHandler``) is written
/// before the router and needs the same header. Each connection's handler keeps one, so no
/// lock is shared between event loops; worked out by arithmetic (``CivilTime``), as ICU's
/// formatters cost more than the rest of the answer.
struct HTTPDate {
    private var second = Int64.min
    private var text = ""

    /// The header's value for now.
    mutating func now() -> String {
        let now = Int64(Date().timeIntervalSince1970.rounded(.down))
        if now != second { (second, text) = (now, Self.text(secondsSince1970: now)) }
        return text
    }

    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The header's value for the second `seconds` after 1970-01-01T00:00:00Z.
    static func text(secondsSince1970 seconds: Int64) -> String {
        let time = CivilTime(millisecondsSince1970: seconds * 1000)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(time.day)) \(months[time.month - 1]) \(time.year) \(two(time.hour)):\(two(time.minute)):\(two(time.second)) GMT"
    }
}
