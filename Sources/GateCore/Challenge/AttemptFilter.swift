import Foundation

/// Which recorded attempts to read, newest first.
public struct AttemptFilter: Hashable, Sendable {
    public var profileID: Int64?
    /// Attempts at or after this time.
    public var since: Date?
    /// Attempts before this time.
    public var until: Date?
    /// Only these outcomes; `nil` for all.
    public var outcomes: Set<AnswerOutcome>?
    public var limit: Int

    public init(profileID: Int64? = nil, since: Date? = nil, until: Date? = nil, outcomes: Set<AnswerOutcome>? = nil, limit: Int = 50) {
        self.profileID = profileID
        self.since = since
        self.until = until
        self.outcomes = outcomes
        self.limit = limit
    }
}
