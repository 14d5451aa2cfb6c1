import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Notify {
    /// `gatectl notify remove ID`.
    struct Remove: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a notification, with its deliveries not made yet.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The notification's id, as notify list shows it.")
        var id: Int64

        struct JSON: Encodable {
            var removed: Int64
            var droppedDeliveries: Int
        }

        func validate() throws {
            if id < 1 { throw ValidationError("the notification id must be a whole number from 1") }
        }

        func run() async throws {
            let removed = try await global.perform(RemoveNotification(id: id, by: actor.by))
            if global.json { return try Output.json(JSON(removed: removed.id, droppedDeliveries: removed.pending)) }
            Output.line(
                "removed notification \(removed.id)"
                    + (removed.pending > 0 ? "; \(removed.pending) deliveries not made yet were dropped" : ""))
        }
    }
}
