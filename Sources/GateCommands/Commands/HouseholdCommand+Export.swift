import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.HouseholdCommand {
    /// `gatectl household export NAME --output FILE`.
    struct Export: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a household, whole, into a new SQLite file that gatectl --database opens and whose audit chain verifies.",
            discussion: """
                Every row goes with its id: profiles, policy and its history, question sets, challenges, the audit \
                log and its chain, admin tokens, notifications, requests. Webhook secrets and parents' codes are \
                sealed again with the file's own key, written beside it as FILE.notify-key (mode 0600): keep the two \
                together. A family takes its data home this way.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The household's name.")
        var name: String

        @Option(help: "The new SQLite file (mode 0600; never replaced).")
        var output: String

        func run() async throws {
            let exported = try await global.perform(ExportHousehold(name: name))
            try Gate.writePrivateFile(exported.data, to: output)
            if let key = exported.key { try Gate.writePrivateFile(key, to: output + Gate.notificationKeySuffix) }
            if global.json { return try Output.json(["exported": name, "file": output]) }
            Output.line("exported household \(name) to \(output): \(Self.summary(exported.counts))")
        }

        /// "2 profiles, 14 audit records, 3 attempts, 40 rows in all".
        static func summary(_ counts: [String: Int]) -> String {
            "\(counts["profiles"] ?? 0) profiles, \(counts["audit_log"] ?? 0) audit records, \(counts["attempts"] ?? 0) attempts, "
                + "\(counts.values.reduce(0, +)) rows in all"
        }
    }
}
