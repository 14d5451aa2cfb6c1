import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Notify {
    /// `gatectl notify test [ID]`.
    struct Test: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "test", abstract: "Queue a test event for one notification, or for all; parental-gated delivers it.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The notification's id, as notify list shows it (default: every notification).")
        var id: Int64?

        func validate() throws {
            if let id, id < 1 { throw ValidationError("the notification id must be a whole number from 1") }
        }

        func run() async throws {
            let queued = try await global.perform(TestNotification(id: id, by: actor.by))
            if global.json { return try Output.json(["queued": queued]) }
            Output.line("queued a test event for \(queued) notification\(queued == 1 ? "" : "s"); parental-gated delivers it")
        }
    }
}
