import ArgumentParser

extension GateCtl.Ask {
    /// `gatectl ask approve NUMBER`: a parent's decision.
    struct Approve: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "approve", abstract: "Approve a waiting request: parent mode opens for its profile at once, and a lockout is lifted.")

        @OptionGroup var decision: DecisionOptions

        var global: GlobalOptions { decision.global }

        func run() async throws {
            try await decision.decide(approve: true)
        }
    }
}
