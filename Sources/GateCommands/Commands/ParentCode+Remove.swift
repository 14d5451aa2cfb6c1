import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.ParentCodeCommand {
    /// `gatectl parent-code remove NAME`.
    struct Remove: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a parent's code: its app's codes open nothing from now on.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "Whose code it is, as parent-code list shows it.")
        var name: String

        struct JSON: Encodable {
            var removed: String
        }

        func run() async throws {
            let removed = try await global.perform(RemoveParentCode(name: name, by: actor.by))
            if global.json { return try Output.json(JSON(removed: removed.name)) }
            Output.line("removed the parent's code of \(removed.name)")
        }
    }
}
