import GateProgram
import ArgumentParser
import Foundation
import ParentalGate
import GateJSON

extension GateCtl.Audit {
    /// `gatectl audit list`.
    struct List: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List audit records, oldest first (the latest --limit of them); a repeated refusal or replay is one record with its count and last time.")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, json, csv
        }

        @OptionGroup var global: GlobalOptions

        @Option(help: "Only this profile's records.")
        var profile: String?

        @Option(help: "Only records since this time: a duration ago (24h, 7d) or a date (2026-11-21, 2026-11-21T18:00:00Z).")
        var since: TimeArgument?

        @Option(help: "Only records before this time, written like --since.")
        var until: TimeArgument?

        @Option(help: "Only answers with this outcome: correct, wrong, tooFast, late or replay.")
        var outcome: String?

        @Option(help: "How many records to list (the latest ones).")
        var limit: Int = 100

        @Option(help: "table for people, json or csv for scripts (--json is the same as --format json).")
        var format: Format = .table

        func validate() throws {
            guard (1...1_000_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000000") }
            if let outcome, AnswerOutcome(rawValue: outcome) == nil {
                throw ValidationError(
                    "unknown outcome '\(outcome.escapedForMessage)' (expected \(AnswerOutcome.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }

        func run() async throws {
            let now = Date()
            let entries = try await global.perform(ListAudit(
                profile: profile, since: since?.date(relativeTo: now), until: until?.date(relativeTo: now),
                outcome: outcome.flatMap(AnswerOutcome.init(rawValue:)), limit: limit))
            switch global.json ? .json : format {
            case .json:
                try Output.json(entries)
            case .csv:
                Output.line("id,time,kind,profile,actor,client,challenge,details,count,last_time")
                for entry in entries {
                    let event = entry.event
                    let details = String(decoding: try JSONSerialization.data(withJSONObject: event.detailsWithISOTimes, options: [.sortedKeys]), as: UTF8.self)
                    let cells = [String(entry.id), JSONDate.string(entry.occurredAt), event.kind.rawValue, event.profileName ?? "", event.actor ?? "",
                                 event.client ?? "", event.challengeID?.rawValue ?? "", details, String(entry.count),
                                 JSONDate.string(entry.lastOccurredAt)]
                    Output.line(cells.map(Self.csvField).joined(separator: ","))
                }
            case .table:
                var table = Table(headers: ["ID", "TIME", "KIND", "PROFILE", "BY", "DETAILS"])
                table.rows = entries.map(Self.row)
                table.print()
            }
        }

        private static func row(_ entry: AuditEntry) -> [String] {
            let event = entry.event
            let details = event.details.sorted { $0.key < $1.key }.map { "\($0.key)=\(Formatting.detail(key: $0.key, value: $0.value))" }
            let who: String = event.actor ?? event.client ?? ""
            let repeats = entry.count > 1 ? ["\(entry.count) times, last \(Formatting.time(entry.lastOccurredAt)):"] : []
            return [String(entry.id), Formatting.time(entry.occurredAt), event.kind.rawValue, event.profileName ?? "", who,
                    (repeats + details).joined(separator: " ")]
        }

        /// `text` as an RFC 4180 CSV field.
        static func csvField(_ text: String) -> String {
            guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }
}
