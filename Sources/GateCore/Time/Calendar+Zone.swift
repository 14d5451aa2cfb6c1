import Foundation

extension Calendar {
    /// The Gregorian calendar in `zone`: whose days quiet hours and end-of-day approvals count.
    static func gregorian(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
