import ArgumentParser

extension GateCtl {
    /// `gatectl audit …`: the tamper-evident log.
    struct Audit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audit",
            abstract: "List, summarize, verify and prune the audit log.",
            subcommands: [List.self, Stats.self, Verify.self, Prune.self]
        )
    }
}
