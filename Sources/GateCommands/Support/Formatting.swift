import Foundation
import GateCore
import ParentalGate

/// How `gatectl` shows values to people.
enum Formatting {
    /// `date` in the local time zone: `2026-11-22 18:05:03`.
    static func time(_ date: Date) -> String {
        // The C library answers: it reads the same TZ or /etc/localtime as Foundation, without
        // loading ICU's time-zone and calendar data (a quarter of a one-shot `gatectl status`'s
        // memory). Foundation writes only a year the C library's calendar would write otherwise.
        if let text = localTime(date) { return text }
        return date.formatted(
            Date.VerbatimFormatStyle(
                format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
                timeZone: .current, calendar: Calendar(identifier: .gregorian)))
    }

    /// `2026-11-25 14:42:06` in this process's time zone, by `localtime_r`; `nil` for a year
    /// Foundation would write otherwise (before 1583 its calendar is Julian).
    static func localTime(_ date: Date) -> String? {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else { return nil }
        let year = Int(fields.tm_year) + 1900
        guard (1583...9999).contains(year) else { return nil }
        var text = String(year)
        for (separator, value) in [("-", fields.tm_mon + 1), ("-", fields.tm_mday), (" ", fields.tm_hour), (":", fields.tm_min), (":", fields.tm_sec)] {
            text.append(separator)
            CivilTime.append(Int(value), digits: 2, to: &text)
        }
        return text
    }

    /// The whole seconds from `now` to `until`, rounded up: `4m10s`.
    /// The time from now until `until`, none when it has passed.
    static func remaining(_ until: Date) -> Duration {
        .milliseconds(max(0, until.millisecondsSince1970 - Date().millisecondsSince1970))
    }

    static func left(_ until: Date, now: Date) -> String {
        let seconds = max(0, Int64(until.timeIntervalSince(now).rounded(.up)))
        return DurationText.format(.seconds(seconds))
    }

    /// A detail of an audit record for people: times (milliseconds since 1970) as times.
    static func detail(key: String, value: String) -> String {
        AuditEvent.time(ofDetail: key, value).map(time) ?? value
    }

    /// A profile's state in words, with times where they matter; an open challenge's id only
    /// with `showingChallengeID` (whoever learns it can answer or cancel the challenge).
    static func state(_ state: GateState, now: Date, showingChallengeID: Bool = false) -> String {
        switch state {
        case .child: "child (closed, a challenge may begin)"
        case .verifying(let challenge) where showingChallengeID: "verifying (challenge \(challenge.id) until \(time(challenge.deadline)))"
        case .verifying(let challenge): "verifying (a challenge is open until \(time(challenge.deadline)))"
        case .parent(let until): "parent mode until \(time(until))"
        case .lockedOut(let until):
            "locked out until \(time(until)) (\(left(until, now: now)) left)"
        case .hardLocked: "hard-locked (only an adult's unlock opens it)"
        case .disabled: "disabled"
        case .quietHours(let until):
            "quiet hours until \(time(until)) (\(left(until, now: now)) left; a parent's code or approval still opens it)"
        }
    }
}
