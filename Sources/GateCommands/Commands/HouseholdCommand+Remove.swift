import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.HouseholdCommand {
    /// `gatectl household remove NAME`.
    struct Remove: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a household and everything of it: profiles, policy, questions, history, audit chain, tokens (never home).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The household's name.")
        var name: String

        @Flag(help: "Remove without asking for confirmation.")
        var yes = false

        func run() async throws {
            // Named wrongly, or home, nothing is asked: the daemon says so first.
            guard try await global.perform(ListHouseholds()).contains(where: { $0.name == name }) else {
                throw GateError.notFound(.family(name))
            }
            if name == Household.home.name { _ = try await global.perform(RemoveHousehold(name: name)) }
            if !yes {
                try Confirmation.ask(
                    "Remove household '\(name)' with all its profiles, policy, questions, history, audit chain and tokens? This cannot be undone.",
                    else: "removed")
            }
            _ = try await global.perform(RemoveHousehold(name: name))
            if global.json { return try Output.json(["removed": name]) }
            Output.line("removed household \(name)")
        }
    }
}
