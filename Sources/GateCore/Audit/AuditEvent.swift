/// Something that happened and must be recorded in the audit log.
public struct AuditEvent: Hashable, Sendable, Codable {
    public var kind: AuditEventKind
    public var profileID: Int64?
    /// The profile's name when it happened: the log outlives renames and removals.
    public var profileName: String?
    /// The adult (or tool) that did it, for administrative events.
    public var actor: String?
    /// The client label of a gate operation.
    public var client: String?
    public var challengeID: ChallengeID?
    /// Further facts: outcome, given value, response time, old and new values, …
    public var details: [String: String]

    /// The detail naming the local account an operation came from, when the daemon's socket
    /// told it (the kernel's word, not the caller's).
    public static let accountKey = "account"

    public init(
        _ kind: AuditEventKind, profileID: Int64? = nil, profileName: String? = nil, actor: String? = nil,
        client: String? = nil, challengeID: ChallengeID? = nil, details: [String: String] = [:]
    ) {
        self.kind = kind
        self.profileID = profileID
        self.profileName = profileName
        self.actor = actor
        self.client = client
        self.challengeID = challengeID
        self.details = details
    }
}
