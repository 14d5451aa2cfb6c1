import Foundation

/// Where a command's output goes: this process's standard output and error, written at
/// once (no buffer to hold a line back from a pipe).
package final class Console: Sendable {
    private init() {}

    /// This process's standard output and error.
    package static let standard = Console()

    /// Whether a person is at this console: standard input and output are a terminal.
    package var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Writes `text` to standard output.
    package func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` to standard error.
    package func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// A line typed at standard input; `nil` at its end.
    package func readLine() -> String? {
        Swift.readLine()
    }
}
