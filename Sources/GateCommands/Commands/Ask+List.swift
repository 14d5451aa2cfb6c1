import GateProgram
import ArgumentParser
import GateJSON
import ParentalGate

extension GateCtl.Ask {
    /// `gatectl ask list`.
    struct List: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the newest requests to a parent.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "Only this profile's requests.")
        var profile: String?

        @Option(help: "How many requests at most, newest first (1...10000).")
        var limit: Int = 50

        func validate() throws {
            if !(1...10_000).contains(limit) { throw ValidationError("--limit must be between 1 and 10000") }
        }

        func run() async throws {
            let requests = try await global.perform(ListRequests(profile: profile, limit: limit))
            if global.json { return try Output.json(requests) }
            var table = Table(headers: ["NUMBER", "PROFILE", "STATUS", "ACCOUNT", "CLIENT", "ASKED", "OPEN UNTIL", "DECIDED BY"])
            table.rows = requests.map { request in
                [
                    String(request.id), request.profile, request.status.rawValue, request.account ?? "-", request.client ?? "-",
                    Formatting.time(request.createdAt), Formatting.time(request.expiresAt), request.decidedBy ?? "-",
                ]
            }
            table.print()
        }
    }
}
