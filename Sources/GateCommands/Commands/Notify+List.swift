import GateProgram
import ArgumentParser
import GateJSON
import ParentalGate

extension GateCtl.Notify {
    /// `gatectl notify list`.
    struct List: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the notifications, how their deliveries went, and secrets' fingerprints.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let subscriptions = try await global.perform(ListNotifications())
            if global.json { return try Output.json(subscriptions.map { NotificationJSON($0) }) }
            var table = Table(headers: ["ID", "KIND", "PROFILE", "EVENTS", "URL", "SECRET", "PENDING", "LAST DELIVERED", "LAST ERROR"])
            table.rows = subscriptions.map { subscription in
                [
                    String(subscription.id), subscription.channel.rawValue, subscription.profile ?? "(every)",
                    subscription.events.map(\.rawValue).joined(separator: ","), subscription.url,
                    subscription.secretFingerprint.map { "sha256:\($0)…" } ?? "-", String(subscription.pending),
                    subscription.lastDeliveredAt.map(Formatting.time) ?? "-",
                    subscription.lastError.map { error in
                        (subscription.lastFailedAt.map(Formatting.time).map { $0 + " " } ?? "") + error
                    } ?? "-",
                ]
            }
            table.print()
        }
    }
}
