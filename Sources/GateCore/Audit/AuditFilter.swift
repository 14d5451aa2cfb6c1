import Foundation

/// Which audit entries to read, oldest first.
public struct AuditFilter: Hashable, Sendable {
    public var profileID: Int64?
    /// Only entries recorded under this profile name (ignoring ASCII case): for the history
    /// of a profile that has since been removed.
    public var profileName: String?
    /// Entries at or after this time.
    public var since: Date?
    /// Entries before this time.
    public var until: Date?
    /// Only these kinds; `nil` for all.
    public var kinds: Set<AuditEventKind>?
    /// Only answers with this outcome (`answerRecorded` and `replayRefused` records).
    public var outcome: AnswerOutcome?
    /// Entries with an id above this one (for paging).
    public var afterID: Int64?
    public var limit: Int
    /// The newest `limit` entries (still returned oldest first) rather than the oldest.
    public var latest: Bool

    public init(
        profileID: Int64? = nil, since: Date? = nil, until: Date? = nil, kinds: Set<AuditEventKind>? = nil,
        outcome: AnswerOutcome? = nil, afterID: Int64? = nil, limit: Int = 100, latest: Bool = false
    ) {
        self.profileID = profileID
        profileName = nil
        self.since = since
        self.until = until
        self.kinds = kinds
        self.outcome = outcome
        self.afterID = afterID
        self.limit = limit
        self.latest = latest
    }
}
