import Foundation

/// How fast parents' codes can be guessed across the household, whatever each profile's
/// policy allows: a code opens every profile, so its guesses are counted for all of them.
public enum ParentCodeLimit {
    /// Wrong (or used) codes the household may type within ``window``.
    public static let wrongCodes = 10
    /// The window they are counted in.
    public static let window: Duration = .seconds(3600)

    /// When codes may be tried again, given the wrong ones typed since `now - window`: their
    /// number and the oldest's time; `nil` when a code may be tried now.
    public static func blockedUntil(recent count: Int, oldest: Date?, now: Date) -> Date? {
        guard count >= wrongCodes, let oldest else { return nil }
        return max(now, oldest.adding(window))
    }
}
