import GateProgram
import ArgumentParser
import Foundation
import GateJSON
import ParentalGate

extension GateCtl.Ask {
    /// `gatectl ask check HANDLE`: where a child's request stands.
    struct Check: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Show where the request behind a handle stands; the first look after an approval prints its parent-session token.",
            discussion: "Exit 0 when approved, 1 when denied or expired, 75 while it waits for a parent.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The handle ask request printed, or - to read it from standard input (a command line is visible to every account on the machine).")
        var handle: String

        struct JSON: Encodable {
            var request: ParentRequest
            var token: String?
            var until: Date?
        }

        func run() async throws {
            let checked = try await global.gateSession().checkRequest(handle: handle)
            let request = checked.request
            if global.json {
                try Output.json(JSON(request: request, token: checked.pass?.token, until: checked.pass?.until))
            } else {
                var rows = [("request", String(request.id)), ("profile", request.profile), ("status", request.status.rawValue)]
                if let pass = checked.pass {
                    rows += [("token", pass.token), ("until", Formatting.time(pass.until))]
                } else if request.status == .approved {
                    rows.append(("token", "already handed over"))
                }
                Output.fields(rows)
            }
            switch request.status {
            case .approved: return
            case .pending: throw ExitCode.pending
            case .denied, .expired: throw ExitCode.refused
            }
        }
    }
}
