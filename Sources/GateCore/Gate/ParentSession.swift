import Foundation

/// Parent mode after a pass, as the store keeps it (the token itself is never kept).
public struct ParentSession: Identifiable, Hashable, Sendable {
    public var id: Int64
    public var profileID: Int64
    public var challengeID: ChallengeID?
    public var openedAt: Date
    public var expiresAt: Date
    /// When it was ended early, if it was.
    public var endedAt: Date?

    public init(id: Int64, profileID: Int64, challengeID: ChallengeID?, openedAt: Date, expiresAt: Date, endedAt: Date?) {
        self.id = id
        self.profileID = profileID
        self.challengeID = challengeID
        self.openedAt = openedAt
        self.expiresAt = expiresAt
        self.endedAt = endedAt
    }

    /// Whether parent mode is on at `time`.
    public func isLive(at time: Date) -> Bool {
        endedAt == nil && time < expiresAt
    }
}
