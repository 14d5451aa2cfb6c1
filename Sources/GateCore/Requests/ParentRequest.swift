import Foundation

/// A child's request that a parent open the gate instead of a challenge ("ask a parent").
public struct ParentRequest: Hashable, Sendable {
    /// Where a request stands.
    public enum Status: String, Hashable, Sendable, Codable {
        /// Waiting for a parent.
        case pending
        /// A parent approved it: parent mode was opened.
        case approved
        /// A parent denied it.
        case denied
        /// No parent answered in time (`askExpiry`).
        case expired
    }

    /// The request's number, as `gatectl ask approve` takes it.
    public var id: Int64
    /// The profile's name and display name.
    public var profile: String
    public var displayName: String
    /// The client label the asking page or terminal gave, if any: the child's own words.
    public var client: String?
    /// The local account that asked through the daemon's gate socket, as the kernel told the
    /// daemon; `nil` for a request made another way (HTTP, the library).
    public var account: String?
    public var createdAt: Date
    public var expiresAt: Date
    public var status: Status
    public var decidedAt: Date?
    /// Who decided: `link` for an approval link, or the actor of `gatectl ask approve|deny`.
    public var decidedBy: String?
    /// Whether the asking client has picked up the parent mode an approval opened.
    public var isPickedUp: Bool

    public init(
        id: Int64, profile: String, displayName: String, client: String?, account: String? = nil, createdAt: Date, expiresAt: Date,
        status: Status, decidedAt: Date?, decidedBy: String?, isPickedUp: Bool
    ) {
        self.id = id
        self.profile = profile
        self.displayName = displayName
        self.client = client
        self.account = account
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.status = status
        self.decidedAt = decidedAt
        self.decidedBy = decidedBy
        self.isPickedUp = isPickedUp
    }
}
