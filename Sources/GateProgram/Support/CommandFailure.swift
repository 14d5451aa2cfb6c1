import ArgumentParser
import Foundation
import ParentalGate

/// How a command line failed: its exit status, and the message for standard error (or, for
/// help, standard output).
package struct CommandFailure: Error, Sendable {
    package var status: Int32
    package var message: String?

    package init(status: Int32, message: String?) {
        self.status = status
        self.message = message
    }

    /// The exit status and message of `error`.
    package init(of error: any Error, root: any ParsableCommand.Type) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let error as GateError:
            self.init(status: ExitCode(error).rawValue, message: error.description)
        case let error as CommandError:
            self.init(status: error.status.rawValue, message: error.description)
        case let code as ExitCode:
            self.init(status: code.rawValue, message: nil)
        default:
            let code = root.exitCode(for: error)
            if code == .success {
                let help = root.fullMessage(for: error)
                self.init(status: 0, message: help.isEmpty ? nil : help)
                return
            }
            // One line: the message without the usage and help ArgumentParser appends.
            let message = root.message(for: error)
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") && !$0.hasPrefix("Help:") }
                .joined(separator: " ")
            self.init(status: code.rawValue, message: message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
        }
    }

    /// Writes the message where it belongs, to the process's own standard output (help) or
    /// error (`error: …`), at once.
    package func write() {
        guard let message else { return }
        if status == 0 {
            FileHandle.standardOutput.write(Data((message + "\n").utf8))
        } else {
            FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
        }
    }
}
