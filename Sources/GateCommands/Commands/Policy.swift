import ArgumentParser

extension GateCtl {
    /// `gatectl policy …`: the gate's rules, household-wide and per profile.
    struct Policy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "policy",
            abstract: "Show, set and reset the gate policy, and list its history.",
            subcommands: [Show.self, Set.self, Reset.self, History.self]
        )
    }
}
