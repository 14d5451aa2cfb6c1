import Foundation
import GateCore
import ParentalGate

/// A notification subscription in `gatectl notify list --json` and the HTTP API: never its
/// secret, only the secret's fingerprint; `secret` only in the answer that added it.
public struct NotificationJSON: Encodable, Sendable {
    public var id: Int64
    public var kind: String
    public var url: String
    /// The profile's name; absent: every profile.
    public var profile: String?
    public var events: [String]
    public var secretFingerprint: String?
    public var title: String?
    public var priority: Int?
    public var click: String?
    public var createdAt: Date
    public var createdBy: String
    public var pending: Int
    public var lastDeliveredAt: Date?
    public var lastFailedAt: Date?
    public var lastError: String?
    /// The new webhook's secret, in the answer of `notify add` only.
    public var secret: String?

    public init(_ subscription: NotificationSubscription, secret: String? = nil) {
        id = subscription.id
        kind = subscription.channel.rawValue
        url = subscription.url
        profile = subscription.profile
        events = subscription.events.map(\.rawValue)
        secretFingerprint = subscription.secretFingerprint
        title = subscription.title
        priority = subscription.priority
        click = subscription.click
        createdAt = subscription.createdAt
        createdBy = subscription.createdBy
        pending = subscription.pending
        lastDeliveredAt = subscription.lastDeliveredAt
        lastFailedAt = subscription.lastFailedAt
        lastError = subscription.lastError
        self.secret = secret
    }

    public init(_ added: AddedNotification) {
        self.init(added.subscription, secret: added.secret)
    }
}
