import Foundation
import ParentalGate

/// Writing results for people (tables) and scripts (JSON), and errors to stderr.
enum Output {
    /// The console of the command running now.
    static var console: Console { CommandContext.current.console }

    /// Writes `text` and a newline to standard output, at once.
    static func line(_ text: String = "") {
        console.write(text + "\n")
    }

    /// Prints `message` as `error: message` on standard error.
    static func error(_ message: String) {
        console.writeError("error: \(message)\n")
    }

    /// Prints `message` as `warning: message` on standard error.
    static func warning(_ message: String) {
        console.writeError("warning: \(message)\n")
    }

    /// Prints a warning for each of the database's files that other accounts can read or write.
    static func warnings(_ exposures: [FileExposure]) {
        for exposure in exposures { warning(exposure.message) }
    }

    /// Prints `value` as pretty JSON with sorted keys on standard output.
    static func json<T: Encodable>(_ value: T) throws {
        line(String(decoding: try JSONEncoder.gate(pretty: true).encode(value), as: UTF8.self))
    }

    /// Prints rows of `label  value` with the labels aligned.
    static func fields(_ rows: [(String, String)]) {
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows {
            line(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
    }
}
