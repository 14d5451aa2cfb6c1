import Foundation
import Synchronization

/// Where a command's output goes: this process's standard output and error, written at
/// once (no buffer to hold a line back from a pipe), or buffers that the daemon sends back
/// to the `gatectl` that asked.
package final class Console: Sendable {
    private let capturing: Bool
    private let buffers = Mutex((output: Data(), errors: Data()))

    private init(capturing: Bool) {
        self.capturing = capturing
    }

    /// This process's standard output and error.
    package static let standard = Console(capturing: false)

    /// A console that keeps what is written, for ``captured``.
    package static func capture() -> Console {
        Console(capturing: true)
    }

    /// Whether a person is at this console: standard input and output are a terminal.
    package var isInteractive: Bool {
        !capturing && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Writes `text` to standard output.
    package func write(_ text: String) {
        if capturing {
            buffers.withLock { $0.output.append(contentsOf: text.utf8) }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// Writes `text` to standard error.
    package func writeError(_ text: String) {
        if capturing {
            buffers.withLock { $0.errors.append(contentsOf: text.utf8) }
        } else {
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// A line typed at standard input; `nil` at its end, and always for a captured console.
    package func readLine() -> String? {
        capturing ? nil : Swift.readLine()
    }

    /// What was written to standard output and error.
    package var captured: (output: Data, errors: Data) {
        buffers.withLock { $0 }
    }
}
