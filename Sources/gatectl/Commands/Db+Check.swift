import ArgumentParser
import ParentalGate

extension GateCtl.Db {
    /// `gatectl db check`.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Run SQLite's integrity and foreign-key checks: exit 0 when clean, 74 listing the problems.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let problems = try await global.openGate().integrityProblems()
            if global.json {
                try Output.json(["problems": problems])
            } else if problems.isEmpty {
                print("ok: integrity and foreign keys are clean")
            } else {
                for problem in problems { Output.error(problem) }
            }
            if !problems.isEmpty { throw ExitStatus.database }
        }
    }
}
