import Foundation

/// A live parent session, as checked by its token.
public struct SessionCheck: Hashable, Sendable {
    /// The id of the profile whose gate it opened: compare this, not the name, to tell a
    /// sibling's pass (names are compared ignoring case, and can be renamed).
    public var profileID: Int64
    /// The profile whose gate it opened.
    public var profile: String
    public var openedAt: Date
    public var expiresAt: Date
}
