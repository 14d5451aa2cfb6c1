import Foundation

extension Policy {
    /// The zone quiet hours are read in (this machine's when `timeZone` names none it knows).
    public var zone: TimeZone {
        Self.zone(named: timeZone) ?? .current
    }

    /// The zone `name` stands for: `local` is this machine's; `nil` for a name no zone has.
    static func zone(named name: String) -> TimeZone? {
        name == "local" ? .current : TimeZone(identifier: name)
    }

    /// When the quiet hours that refuse a challenge begun at `time` end (quiet now, or before
    /// a challenge begun now would time out); `nil` when a challenge may begin.
    public func quietUntil(beginningAt time: Date) -> Date? {
        // No zone is looked up without quiet hours: `local` reads the system's time zone
        // database, which `gatectl status` otherwise never touches (Benchmarks' counts guard it).
        guard !quietHours.windows.isEmpty else { return nil }
        return quietHours.quietUntil(at: time, within: timeLimit, in: zone)
    }
}
