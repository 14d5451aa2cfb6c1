import GateCore

/// A subscription just added, and a webhook's secret: shown this once, never again.
public struct AddedNotification: Sendable, Codable {
    public var subscription: NotificationSubscription
    /// The webhook's secret that signs every delivery; `nil` for ntfy.
    public var secret: String?
}
