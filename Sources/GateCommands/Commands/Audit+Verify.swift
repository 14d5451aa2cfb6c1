import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Audit {
    /// `gatectl audit verify`.
    struct Verify: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check the audit log's hash chain: exit 0 when intact, 74 naming the first edited or deleted record.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let report = try await global.perform(VerifyAudit())
            if global.json {
                try Output.json(report)
            } else if report.isIntact {
                Output.line(report.message)
            }
            if !report.isIntact {
                if !global.json { Output.error(report.message) }
                throw ExitCode.database
            }
        }
    }
}
