import Foundation
import ParentalGate

/// Writing results for people (tables) and scripts (JSON), and errors to stderr.
enum Output {
    /// Prints `message` as `error: message` on standard error.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }

    /// Prints `message` as `warning: message` on standard error.
    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// Prints a warning for each of the database's files that other accounts can read or write.
    static func warnings(_ exposures: [FileExposure]) {
        for exposure in exposures { warning(exposure.message) }
    }

    /// Prints `value` as pretty JSON with sorted keys on standard output.
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(JSONDate.string(date))
        }
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Prints rows of `label  value` with the labels aligned.
    static func fields(_ rows: [(String, String)]) {
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows {
            print(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
    }
}
