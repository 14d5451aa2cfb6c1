import ArgumentParser
import ParentalGate

extension GateCtl.Ask {
    /// `gatectl ask approve NUMBER`: a parent's decision.
    struct Approve: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "approve", abstract: "Approve a waiting request: parent mode opens for its profile at once, and a lockout is lifted.")

        @OptionGroup var decision: DecisionOptions

        @Option(name: .customLong("for"), help: "How long parent mode stays open: 1m to 1d (15m, 1h), end-of-day (the profile's time zone), or standard (parentSession, the default); at most maxApproval.")
        var length: String?

        var global: GlobalOptions { decision.global }

        /// The length `--for` names, checked in `validate()`.
        private var parsedLength: ApprovalLength? {
            get throws(GateInputError) { try length.map { text throws(GateInputError) in try ApprovalLength(text) } }
        }

        func validate() throws {
            do {
                _ = try parsedLength
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run() async throws {
            try await decision.decide(approve: true, for: try parsedLength)
        }
    }
}
