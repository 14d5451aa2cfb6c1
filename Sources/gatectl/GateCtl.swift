import ArgumentParser
import Foundation
import ParentalGate

/// `gatectl`: administers ParentalGate's profiles, policies, questions and audit log.
@main
struct GateCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gatectl",
        abstract: "Administer ParentalGate: family profiles, gate policy, questions and the audit log.",
        discussion: """
            The database is --database PATH, else $PARENTAL_GATE_DB, else \
            $XDG_DATA_HOME/parental-gate/gate.sqlite (~/.local/share/parental-gate/gate.sqlite); \
            it is created and migrated on first use.

            Exit codes: 0 success, 1 gate refused (wrong or failed), 2 locked out, 3 not found, \
            64 usage or bad input, 74 database error.
            """,
        version: GateCtlVersion.current,
        subcommands: [
            Profile.self, Policy.self, Status.self, Unlock.self, GateCommand.self, Challenge.self, Session.self,
            Questions.self, Audit.self, Db.self, Serve.self,
        ]
    )

    /// Runs the command and turns every failure into `error: …` on stderr with its exit code.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as GateError {
            Output.error(error.description)
            Foundation.exit(ExitStatus(error).rawValue)
        } catch let error as CommandError {
            Output.error(error.description)
            Foundation.exit(ExitStatus.usage.rawValue)
        } catch let status as ExitStatus {
            Foundation.exit(status.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                let help = fullMessage(for: error)
                if !help.isEmpty { print(help) }
                Foundation.exit(0)
            }
            // One line: the message without the usage and help ArgumentParser appends.
            let message = message(for: error)
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") && !$0.hasPrefix("Help:") }
                .joined(separator: " ")
            Output.error(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
            Foundation.exit(code.rawValue)
        }
    }
}
