import Foundation
@testable import GateCore
import Testing
import TestSlots

@Suite("A client's label, cleaned instead of refused", .boundedConcurrency)
struct LabelCleaningTests {
    @Test("control, hidden and bidi characters and other white space become one space; the ends are trimmed; composition is canonical", arguments: [
        ("tablet\tkitchen", "tablet kitchen"),
        ("  a \n\n b  ", "a b"),
        ("\u{202E}evil", "evil"),
        ("Mozilla/5.0 (X11; Linux)", "Mozilla/5.0 (X11; Linux)"),
        ("e\u{301}mma\u{3000}phone", "\u{E9}mma phone"),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} tablet", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} tablet"),
    ])
    func cleaned(text: String, label: String) {
        #expect(Label(cleaning: text)?.value == label)
    }

    @Test("nothing left is no label", arguments: ["", " ", "\u{200B}", "\u{0}\u{1}\t", "\u{2028}"])
    func nothingLeft(text: String) {
        #expect(Label(cleaning: text) == nil)
    }

    @Test("a long label is cut to its limit, in characters and in scalars")
    func cut() throws {
        #expect(Label(cleaning: String(repeating: "x", count: 300))?.value == String(repeating: "x", count: 128))
        let flood = "a" + String(repeating: "\u{301}", count: 5000) + "b"
        let label = try #require(Label(cleaning: flood, limit: 8))
        #expect(label.value.unicodeScalars.count <= 16 * 8)
        #expect(Label(cleaning: "ab  ", limit: 3)?.value == "ab", "no space left at the cut")
        #expect(Label(cleaning: "abc", limit: 0) == nil && Label(cleaning: "abc", limit: -1) == nil && Label(cleaning: "abc", limit: .max)?.value == "abc")
    }

    @Test("whatever is cleaned is a label the strict check takes", arguments: ["tablet\tkitchen", "  a \n b ", "\u{202E}x\u{2028}y", "e\u{301}\u{3000}z"])
    func cleanedPassesTheCheck(text: String) throws {
        let label = try #require(Label(cleaning: text))
        #expect(try Label(label.value, what: "client").value == label.value)
    }
}
