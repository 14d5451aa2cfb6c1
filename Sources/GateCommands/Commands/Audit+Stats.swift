import ArgumentParser
import Foundation
import GateCore
import GateProgram
import ParentalGate

extension GateCtl.Audit {
    /// `gatectl audit stats`.
    struct Stats: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Per profile: challenges, answers, passes, failures by reason, lockouts, refusals, replays and the median response time.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "Only this profile.")
        var profile: String?

        @Option(help: "Only since this time: a duration ago (24h, 7d) or a date (2026-11-21).")
        var since: TimeArgument?

        func run() async throws {
            let stats = try await global.perform(CountOutcomes(profile: profile, since: since?.date(relativeTo: Date())))
            if global.json { return try Output.json(stats) }
            var table = Table(headers: [
                "PROFILE", "CHALLENGES", "ANSWERS", "PASSES", "WRONG", "TIMED OUT", "CANCELLED", "ABANDONED", "LOCKOUTS",
                "REFUSED", "REPLAYS", "MEDIAN RESPONSE",
            ])
            table.rows = stats.map {
                [$0.profile, String($0.challenges), String($0.attempts), String($0.passes), String($0.failedWrong),
                 String($0.timedOut), String($0.cancelled), String($0.abandoned), String($0.lockouts),
                 String($0.refusals), String($0.replays),
                 $0.medianResponseMs.map { DurationText.format(.milliseconds($0)) } ?? "-"]
            }
            table.print()
        }
    }
}
