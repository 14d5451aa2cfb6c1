import ParentalGate

/// `notify add`: the options as given, made into settings where the gate is.
package struct AddNotification: GateOperation {
    var kind: String
    var url: String
    var profile: String?
    var events: String
    var title: String?
    var priority: String?
    var click: String?
    var by: String?

    package var request: AdminRequest { .addNotification(self) }

    /// The subscription the options ask for.
    func settings() throws(GateInputError) -> NotificationSettings {
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
        return try await gate.addNotification(settings, by: ActorOptions.actor(by: by, caller: caller))
    }
}
