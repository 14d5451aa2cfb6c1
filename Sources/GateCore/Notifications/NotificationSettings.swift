/// A new subscription as a parent asks for it, validated: where to send, for which profile,
/// which events, and for ntfy how the message looks.
public struct NotificationSettings: Hashable, Sendable {
    public var channel: NotificationChannel
    public var url: NotificationURL
    /// The profile's name; `nil`: every profile.
    public var profile: String?
    public var events: [NotificationEventKind]
    /// ntfy's Title header; `nil`: one per event.
    public var title: String?
    /// ntfy's Priority, 1…5; `nil`: one per event (high for lockouts and hard locks).
    public var priority: Int?
    /// ntfy's Click header: the page a tap on the notification opens.
    public var click: NotificationURL?

    /// Validates the settings. Title, priority and click are ntfy's: a webhook refuses them.
    public init(
        channel: NotificationChannel, url: String, profile: String? = nil,
        events: [NotificationEventKind] = NotificationEventKind.subscribable, title: String? = nil, priority: Int? = nil,
        click: String? = nil
    ) throws(GateInputError) {
        self.channel = channel
        self.url = try NotificationURL(url)
        self.profile = profile
        guard !events.isEmpty, !events.contains(.test) else {
            throw .invalidNotification("name at least one event to send (test is sent by notify test, not subscribed to)")
        }
        self.events = NotificationEventKind.subscribable.filter(events.contains)
        if channel == .webhook, title != nil || priority != nil || click != nil {
            throw .invalidNotification("title, priority and click are for ntfy; a webhook gets them all in its JSON")
        }
        self.title = try title.map { text throws(GateInputError) in try Label(text, what: "title", limit: 200).value }
        if let priority, !(1...5).contains(priority) {
            throw .invalidNotification("priority \(priority) is out of range (1...5)")
        }
        self.priority = priority
        self.click = try click.map { text throws(GateInputError) in try NotificationURL(text, what: "click URL") }
    }
}
