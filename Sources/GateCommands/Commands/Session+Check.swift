import GateProgram
import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl.Session {
    /// `gatectl session check TOKEN`.
    struct Check: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a parent-session token: exit 0 while its parent mode is on, 1 otherwise.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The token a pass gave, or - to read it from standard input (a command line is visible to every account on the machine).")
        var token: String

        struct JSON: Encodable {
            var live: Bool
            var profile: String?
            var expiresAt: Date?
        }

        func run() async throws {
            let session = try await global.gateSession().session(token: token)
            if global.json {
                try Output.json(JSON(live: session != nil, profile: session?.profile, expiresAt: session?.expiresAt))
            } else if let session {
                Output.line("parent mode on for \(session.profile) until \(Formatting.time(session.expiresAt))")
            } else {
                Output.line("no live parent session for this token")
            }
            if session == nil { throw ExitCode.refused }
        }
    }
}


