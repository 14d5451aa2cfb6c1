import Foundation
@testable import GateCore
@testable import GateServer
import Hummingbird
import Testing

/// The hand-written fast paths of every request (issue 27) against what they replace.
@Suite("Request fast paths write and read what Foundation would")
struct HandWrittenTextTests {
    static let samples: [String] = {
        var samples = ["", "emma", "Zoë", "a/b", "quote\"and\\back", "tab\there", "line\nfeed\r", "\u{08}\u{0C}\u{00}\u{1F}\u{7F}",
                       "emoji 👨‍👩‍👧", "\u{2028}\u{2029}", "  spaced\t", "\u{A0}nbsp\u{3000}", "2026-11-26T05:00:00.000Z"]
        samples += (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        return samples
    }()

    @Test("a JSON object of strings is byte for byte what the gate's JSONEncoder writes")
    func flatJSON() throws {
        for value in Self.samples {
            let fields = ["profile": value, "expiresAt": "x" + value, "a": value + "y"]
            let expected = try JSONEncoder.gate().encode(fields)
            #expect(Array(FlatJSON.object(fields).utf8) == Array(expected), "\(value.debugDescription)")
        }
        #expect(APIResponse.json(strings: [:]).headers[.contentType] == "application/json")
    }

    @Test("trimming spaces is Foundation's .whitespaces trim, ASCII or not")
    func spaces() {
        for value in Self.samples + [" \t a b \t ", "\t", "   ", "x "] {
            #expect(value.trimmedOfSpaces == value.trimmingCharacters(in: .whitespaces), "\(value.debugDescription)")
        }
    }
}
