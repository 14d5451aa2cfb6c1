import Foundation

/// A parent's code: an authenticator app's six digits (TOTP, RFC 6238) that open parent mode
/// on any profile of the household at once, with no question. Its secret is never shown again.
public struct ParentCode: Hashable, Sendable, Codable {
    /// Whose code it is (`mum`), recorded in the audit log with every use.
    public var name: String
    public var createdAt: Date
    public var createdBy: String
    /// When a code of it last opened a gate.
    public var lastUsedAt: Date?

    public init(name: String, createdAt: Date, createdBy: String, lastUsedAt: Date?) {
        self.name = name
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.lastUsedAt = lastUsedAt
    }
}
