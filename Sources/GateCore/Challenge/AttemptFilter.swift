import Foundation

/// Which recorded attempts a query reads (newest first; how many and from where are the
/// page's: ``Page``).
public struct AttemptFilter: Hashable, Sendable {
    public var profileID: Int64?
    /// Attempts at or after this time.
    public var since: Date?
    /// Attempts before this time.
    public var until: Date?
    /// Only these outcomes; `nil` for all.
    public var outcomes: Set<AnswerOutcome>?

    public init(profileID: Int64? = nil, since: Date? = nil, until: Date? = nil, outcomes: Set<AnswerOutcome>? = nil) {
        self.profileID = profileID
        self.since = since
        self.until = until
        self.outcomes = outcomes
    }
}
