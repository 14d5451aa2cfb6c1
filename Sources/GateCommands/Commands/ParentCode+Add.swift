import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.ParentCodeCommand {
    /// `gatectl parent-code add NAME`.
    struct Add: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Make a parent's code and print, this once, what an authenticator app needs.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "Whose code it is (e.g. mum), recorded in the audit log with every use.")
        var name: String

        func validate() throws {
            do {
                _ = try ProfileName(name, what: "parent's name")
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run() async throws {
            let added = try await global.perform(AddParentCode(name: name, by: actor.by))
            if global.json { return try Output.json(added) }
            Output.line("added a parent's code for \(added.code.name); shown only now, add it to an authenticator app:")
            Output.line("  \(added.uri)")
            Output.line("  or by hand: key \(Self.grouped(added.secret)), time-based, 6 digits, every 30 seconds")
        }

        /// `secret` in groups of four, as apps show a key to type.
        private static func grouped(_ secret: String) -> String {
            var groups: [Substring] = []
            var rest = Substring(secret)
            while !rest.isEmpty {
                groups.append(rest.prefix(4))
                rest = rest.dropFirst(4)
            }
            return groups.joined(separator: " ")
        }
    }
}
