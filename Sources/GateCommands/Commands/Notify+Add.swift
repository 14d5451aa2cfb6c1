import GateProgram
import ArgumentParser
import GateJSON
import ParentalGate

extension GateCtl.Notify {
    /// `gatectl notify add webhook|ntfy URL`.
    struct Add: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Send events to a webhook (signed JSON) or an ntfy topic (plain text).",
            discussion: """
                A webhook gets a new secret, printed once: each delivery carries \
                X-ParentalGate-Signature, sha256= and the HMAC-SHA256 of the timestamp header, a \
                full stop and the body, keyed with the secret.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "webhook or ntfy.")
        var kind: String

        @Argument(help: "Where to send: an http:// or https:// URL (for ntfy, the topic's URL).")
        var url: String

        @Option(help: "Only this profile's events (default: every profile's).")
        var profile: String?

        @Option(help: ArgumentHelp("The events to send, comma-separated: \(NotificationEventKind.subscribable.map(\.rawValue).joined(separator: ", ")), or all."))
        var events: String = "all"

        @Option(help: "ntfy only: the notification's title (default: one per event).")
        var title: String?

        @Option(help: "ntfy only: 1 to 5, or min, low, default, high, max (default: high for lockouts, else default).")
        var priority: String?

        @Option(help: "ntfy only: the page a tap on the notification opens, an http:// or https:// URL.")
        var click: String?

        func validate() throws {
            do {
                _ = try operation.settings()
            } catch {
                throw ValidationError(error.description)
            }
        }

        /// The operation the options ask for.
        var operation: AddNotification {
            AddNotification(kind: kind, url: url, profile: profile, events: events, title: title, priority: priority, click: click, by: actor.by)
        }

        func run() async throws {
            let added = try await global.perform(operation)
            if global.json { return try Output.json(NotificationJSON(added)) }
            let subscription = added.subscription
            Output.line(
                "added \(subscription.channel.rawValue) notification \(subscription.id) for "
                    + (subscription.profile.map { "profile \($0)" } ?? "every profile") + ": "
                    + subscription.events.map(\.rawValue).joined(separator: ", "))
            if let secret = added.secret {
                Output.line("secret (shown only now; it signs every delivery): \(secret)")
            }
        }
    }
}
