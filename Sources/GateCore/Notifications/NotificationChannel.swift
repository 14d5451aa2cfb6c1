/// How a parent is told: a signed JSON webhook, or a plain-text ntfy message.
public enum NotificationChannel: String, CaseIterable, Codable, Sendable {
    /// A JSON POST with an HMAC-SHA256 signature over its timestamp and body.
    case webhook
    /// An ntfy publish: the message as plain text, with Title, Priority and Click headers.
    case ntfy

    /// The channel called `text`, or why not.
    public init(parsing text: String) throws(GateInputError) {
        guard let channel = NotificationChannel(rawValue: text) else {
            throw .invalidNotification("unknown notification kind '\(text.escapedForMessage)' (expected webhook or ntfy)")
        }
        self = channel
    }
}
