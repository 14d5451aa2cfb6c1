import Foundation

extension GateStrings {
    /// `duration` in words in this table's language: "4 minutes, 10 seconds", "4 минуты 10 секунд".
    public func words(for duration: Duration) -> String {
        let rounded = Duration.seconds(max(1, Int64((duration.timeInterval).rounded(.up))))
        let units: Set<Duration.UnitsFormatStyle.Unit> = rounded >= .seconds(3600)
            ? [.days, .hours, .minutes] : [.minutes, .seconds]
        return rounded.formatted(.units(allowed: units, width: .wide).locale(Locale(identifier: language)))
    }

    /// A wrong answer with `tries` left, in words.
    public func wrong(triesLeft tries: Int) -> String {
        Self.fill(wrongTriesLeft, ["n": String(tries)])
    }

    /// Locked out for `remaining`, in words.
    public func lockedOut(for remaining: Duration) -> String {
        Self.fill(lockedOut, ["time": words(for: remaining)])
    }

    /// Quiet hours for `remaining`, in words.
    public func quietHours(for remaining: Duration) -> String {
        Self.fill(quietHours, ["time": words(for: remaining)])
    }

    /// The terminal gate's hold of `duration`: press Enter, wait, press Enter again.
    public func holdPrompt(for duration: Duration) -> String {
        Self.fill(holdPrompt, ["time": words(for: duration)])
    }

    /// Asked again too soon: a new request may be made in `remaining`.
    public func askTooSoon(for remaining: Duration) -> String {
        Self.fill(askTooSoon, ["time": words(for: remaining)])
    }

    /// `remaining` time to answer, in words.
    public func timeLeft(_ remaining: Duration) -> String {
        Self.fill(timeLeft, ["time": words(for: remaining)])
    }
}
