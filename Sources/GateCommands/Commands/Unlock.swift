import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl {
    /// `gatectl unlock NAME --by WHO`.
    struct Unlock: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock",
            abstract: "Lift a profile's lockout or hard lock and clear its failures; the audit log records who did it.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        @Option(help: "The adult who unlocks, recorded in the audit log.")
        var by: String

        struct JSON: Encodable {
            var profile: String
            var wasLocked: Bool
        }

        func run() async throws {
            let wasLocked = try await global.perform(UnlockProfile(profile: name, by: by))
            if global.json { return try Output.json(JSON(profile: name, wasLocked: wasLocked)) }
            Output.line(wasLocked ? "unlocked \(name)" : "\(name) was not locked; its failure count is cleared")
        }
    }
}
