import ArgumentParser

extension GateCtl.Ask {
    /// `gatectl ask deny NUMBER`: a parent's decision.
    struct Deny: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "deny", abstract: "Deny a waiting request: the asking child is told, nothing opens.")

        @OptionGroup var decision: DecisionOptions

        var global: GlobalOptions { decision.global }

        func run() async throws {
            try await decision.decide(approve: false)
        }
    }
}
