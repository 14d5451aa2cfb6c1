import Foundation

/// A stored subscription, as `gatectl notify list` shows it: never its secret, only the
/// secret's fingerprint.
public struct NotificationSubscription: Hashable, Sendable, Codable {
    public var id: Int64
    public var channel: NotificationChannel
    public var url: String
    /// The profile's name; `nil`: every profile.
    public var profile: String?
    public var events: [NotificationEventKind]
    /// The start of the SHA-256 of a webhook's secret, in hex: enough to tell which secret a
    /// receiver has, nothing to sign with.
    public var secretFingerprint: String?
    public var title: String?
    public var priority: Int?
    public var click: String?
    public var createdAt: Date
    public var createdBy: String
    /// Deliveries not made yet.
    public var pending: Int
    public var lastDeliveredAt: Date?
    public var lastFailedAt: Date?
    /// Why the last try failed (a status code, a connection error), never the receiver's answer.
    public var lastError: String?

    public init(
        id: Int64, channel: NotificationChannel, url: String, profile: String?, events: [NotificationEventKind],
        secretFingerprint: String?, title: String?, priority: Int?, click: String?, createdAt: Date, createdBy: String,
        pending: Int, lastDeliveredAt: Date?, lastFailedAt: Date?, lastError: String?
    ) {
        self.id = id
        self.channel = channel
        self.url = url
        self.profile = profile
        self.events = events
        self.secretFingerprint = secretFingerprint
        self.title = title
        self.priority = priority
        self.click = click
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.pending = pending
        self.lastDeliveredAt = lastDeliveredAt
        self.lastFailedAt = lastFailedAt
        self.lastError = lastError
    }
}
