import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Audit {
    /// `gatectl audit prune`.
    struct Prune: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "prune",
            abstract: "Drop audit records, attempts, ended challenges and sessions older than the retention; the chain stays verifiable.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Option(help: "Drop what is older than this, e.g. 400d (default and minimum: the household's auditRetention).")
        var olderThan: DurationArgument?

        func run() async throws {
            let report = try await global.perform(PruneAudit(olderThan: olderThan?.duration, by: actor.by))
            if global.json { return try Output.json(report) }
            Output.fields([
                ("older than", Formatting.time(report.cutoff)), ("audit records", String(report.auditRecords)),
                ("challenges", String(report.challenges)), ("attempts", String(report.attempts)),
                ("sessions", String(report.sessions)),
                ("space reclaimed", "\(report.bytesReclaimed) bytes"),
            ])
        }
    }
}
