import Foundation

/// A live parent session, as checked by its token.
public struct SessionCheck: Hashable, Sendable, Codable {
    /// The profile whose gate it opened.
    public var profile: String
    public var openedAt: Date
    public var expiresAt: Date
}
