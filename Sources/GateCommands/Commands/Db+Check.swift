import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Db {
    /// `gatectl db check`.
    struct Check: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Run SQLite's integrity and foreign-key checks and try what a write needs, on a connection of its own: exit 0 when clean, 74 listing the problems; warn when other accounts can read the files.")

        @OptionGroup var global: GlobalOptions

        struct JSON: Encodable {
            var problems: [String]
            /// The database's files and folder that other accounts can read or write.
            var permissionWarnings: [FileExposure]
        }

        func run() async throws {
            let checked = try await global.perform(CheckDatabase())
            let (problems, exposures) = (checked.problems, checked.exposures)
            if global.json {
                try Output.json(JSON(problems: problems, permissionWarnings: exposures))
            } else {
                if problems.isEmpty {
                    Output.line("ok: integrity and foreign keys are clean")
                } else {
                    for problem in problems { Output.error(problem) }
                }
                Output.warnings(exposures)
            }
            if !problems.isEmpty { throw ExitCode.database }
        }
    }
}
