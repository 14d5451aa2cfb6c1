import ParentalGate

/// `notify add`: the options as given, made into settings where the gate is.
package struct AddNotification: GateOperation {
    package var kind: String
    package var url: String
    package var profile: String?
    package var events: String
    package var title: String?
    package var priority: String?
    package var click: String?
    package var by: String?

    package init(kind: String, url: String, profile: String? = nil, events: String, title: String? = nil, priority: String? = nil, click: String? = nil, by: String? = nil) {
        self.kind = kind
        self.url = url
        self.profile = profile
        self.events = events
        self.title = title
        self.priority = priority
        self.click = click
        self.by = by
    }

    package var request: AdminRequest { .addNotification(self) }

    /// The subscription the options ask for.
    package func settings() throws(GateInputError) -> NotificationSettings {
        try NotificationSettings(
            channel: NotificationChannel(parsing: kind), url: url, profile: profile,
            events: NotificationEventKind.list(parsing: events), title: title,
            priority: priority.map { text throws(GateInputError) in try NotificationPriority.parse(text) }, click: click)
    }

    package func perform(on gate: Gate, caller: String?) async throws -> AddedNotification {
        let settings: NotificationSettings
        do {
            settings = try self.settings()
        } catch {
            throw GateError.invalidInput(error)
        }
        return try await gate.addNotification(settings, by: ActorName.resolve(by: by, caller: caller))
    }
}
