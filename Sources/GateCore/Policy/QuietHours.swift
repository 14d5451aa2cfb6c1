import Foundation

/// Weekly windows in which answering cannot open the gate (`policy set --quiet-hours`): school
/// nights, say. Only a parent (a parent's code, an approval) opens it then.
///
/// Written `mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00`: each window's days are those it
/// starts on, and a window whose end is not after its start ends the next day. `daily` is
/// every day; `off` is none. Times are the profile's `timeZone`'s wall clock.
public struct QuietHours: Hashable, Sendable, CustomStringConvertible {
    /// One window: the days it starts on, and its start and end in minutes after midnight.
    public struct Window: Hashable, Sendable {
        /// ISO weekdays it starts on: 1 (Monday) … 7 (Sunday).
        public var days: Set<Int>
        public var start: Int
        public var end: Int
    }

    public var windows: [Window]

    /// No quiet hours.
    public static let none = QuietHours(windows: [])

    /// The most windows one policy holds.
    public static let maximumWindows = 14

    private static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    init(windows: [Window]) {
        self.windows = windows
    }

    /// Parses the text form; throws a message saying what is wrong.
    public init(_ text: String) throws(GateInputError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed != "off", !trimmed.isEmpty else {
            windows = []
            return
        }
        var windows: [Window] = []
        for part in trimmed.split(separator: ";") {
            let words = part.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 2 else { throw Self.malformed(text, "a window is its days, a space, then HH:MM-HH:MM") }
            let days = try Self.days(String(words[0]), in: text)
            let times = words[1].split(separator: "-", omittingEmptySubsequences: false)
            guard times.count == 2, let start = Self.minutes(times[0]), let end = Self.minutes(times[1]) else {
                throw Self.malformed(text, "times are HH:MM-HH:MM, from 00:00 to 23:59")
            }
            guard start != end else { throw Self.malformed(text, "a window's start and end must differ") }
            windows.append(Window(days: days, start: start, end: end))
        }
        guard windows.count <= Self.maximumWindows else { throw Self.malformed(text, "at most \(Self.maximumWindows) windows") }
        self.windows = windows
    }

    /// The canonical text, as `policy set` takes it and the history records it.
    public var description: String {
        guard !windows.isEmpty else { return "off" }
        return windows.map { "\(Self.daysText($0.days)) \(Self.clock($0.start))-\(Self.clock($0.end))" }.joined(separator: "; ")
    }

    // MARK: - Time

    /// Whether answering is quiet at `time` or becomes so before `time + span` (a challenge
    /// begun now could still be answered then): when the quiet period ends; `nil` if not.
    public func quietUntil(at time: Date, within span: Duration = .zero, in zone: TimeZone) -> Date? {
        guard !windows.isEmpty else { return nil }
        let later = time.adding(span)
        for period in periods(around: time, in: zone) where period.start <= later && time < period.end {
            return period.end
        }
        return nil
    }

    /// The quiet periods from the day before `time` to a week after it, merged where they
    /// meet or overlap, in order.
    private func periods(around time: Date, in zone: TimeZone) -> [(start: Date, end: Date)] {
        let calendar = Calendar.gregorian(in: zone)
        let today = calendar.startOfDay(for: time)
        var periods: [(start: Date, end: Date)] = []
        for offset in -1...8 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { continue }
            // Calendar's weekday is 1 for Sunday; ISO's is 7.
            let weekday = (calendar.component(.weekday, from: day) + 5) % 7 + 1
            for window in windows where window.days.contains(weekday) {
                guard let start = Self.instant(day, minutes: window.start, calendar),
                      let endDay = calendar.date(byAdding: .day, value: window.end <= window.start ? 1 : 0, to: day),
                      let end = Self.instant(endDay, minutes: window.end, calendar), end > start
                else { continue }
                periods.append((start, end))
            }
        }
        periods.sort { $0.start < $1.start }
        var merged: [(start: Date, end: Date)] = []
        for period in periods {
            if let last = merged.last, period.start <= last.end {
                merged[merged.count - 1].end = max(last.end, period.end)
            } else {
                merged.append(period)
            }
        }
        return merged
    }

    /// `minutes` after midnight on `day`'s wall clock (a time a clock change skips is moved on).
    private static func instant(_ day: Date, minutes: Int, _ calendar: Calendar) -> Date? {
        calendar.date(bySettingHour: minutes / 60, minute: minutes % 60, second: 0, of: day)
    }

    // MARK: - Text

    private static func malformed(_ text: String, _ reason: String) -> GateInputError {
        .malformedValue(field: .quietHours, text: text, expected: "\(reason); e.g. mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00, or off")
    }

    /// `mon-thu,sun` or `daily` as ISO weekdays.
    private static func days(_ text: String, in whole: String) throws(GateInputError) -> Set<Int> {
        if text == "daily" { return Set(1...7) }
        var days = Set<Int>()
        for item in text.split(separator: ",") {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count),
                  let first = dayNames.firstIndex(of: String(ends[0])), let last = dayNames.firstIndex(of: String(ends[ends.count - 1]))
            else { throw malformed(whole, "days are mon, tue, wed, thu, fri, sat, sun, ranges like mon-thu or sun-thu, or daily") }
            // A range may run through the week's end: sun-thu is Sunday to Thursday.
            var day = first
            while true {
                days.insert(day + 1)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        guard !days.isEmpty else { throw malformed(whole, "a window needs its days") }
        return days
    }

    /// `HH:MM` as minutes after midnight.
    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    private static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }

    /// Days in runs: `mon-thu,sun`, or `daily`.
    private static func daysText(_ days: Set<Int>) -> String {
        if days.count == 7 { return "daily" }
        var runs: [String] = []
        var day = 1
        while day <= 7 {
            guard days.contains(day) else {
                day += 1
                continue
            }
            var end = day
            while days.contains(end + 1) { end += 1 }
            runs.append(end == day ? dayNames[day - 1] : "\(dayNames[day - 1])-\(dayNames[end - 1])")
            day = end + 1
        }
        return runs.joined(separator: ",")
    }
}

extension QuietHours: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try QuietHours(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
