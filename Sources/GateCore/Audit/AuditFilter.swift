import Foundation

/// Which audit entries a query reads (how many, in which order and from where are the
/// page's: ``Page``).
public struct AuditFilter: Hashable, Sendable {
    public var profileID: Int64?
    /// Only entries recorded under this profile name (ignoring ASCII case): for the history
    /// of a profile that has since been removed.
    public var profileName: String?
    /// Entries at or after this time (and runs that began earlier but repeated since).
    public var since: Date?
    /// Entries before this time.
    public var until: Date?
    /// Only these kinds; `nil` for all.
    public var kinds: Set<AuditEventKind>?
    /// Only answers with this outcome (`answerRecorded` and `replayRefused` records).
    public var outcome: AnswerOutcome?

    public init(
        profileID: Int64? = nil, profileName: String? = nil, since: Date? = nil, until: Date? = nil,
        kinds: Set<AuditEventKind>? = nil, outcome: AnswerOutcome? = nil
    ) {
        self.profileID = profileID
        self.profileName = profileName
        self.since = since
        self.until = until
        self.kinds = kinds
        self.outcome = outcome
    }
}
