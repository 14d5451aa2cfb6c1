import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.ParentCodeCommand {
    /// `gatectl parent-code list`.
    struct List: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the parents' codes: whose, when made and when last used (never a secret).")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let codes = try await global.perform(ListParentCodes())
            if global.json { return try Output.json(codes) }
            var table = Table(headers: ["NAME", "ADDED", "BY", "LAST USED"])
            table.rows = codes.map { code in
                [code.name, Formatting.time(code.createdAt), code.createdBy, code.lastUsedAt.map(Formatting.time) ?? "-"]
            }
            table.print()
        }
    }
}
