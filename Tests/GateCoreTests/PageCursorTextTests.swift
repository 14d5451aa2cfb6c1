import Foundation
@testable import GateCore
import Testing
import TestSlots

@Suite("A page cursor as text and as JSON", .boundedConcurrency)
struct PageCursorTextTests {
    @Test("a cursor is its id, or its time and id, and comes back from that text whole", arguments: [
        (PageCursor<Int>(id: 42), "42"),
        (PageCursor<Int>(id: 7, time: 1_800_000_000_000), "1800000000000.7"),
        (PageCursor<Int>(id: 0, time: 0), "0.0"),
        (PageCursor<Int>(id: .max, time: .max), "9223372036854775807.9223372036854775807"),
    ])
    func roundTrip(cursor: PageCursor<Int>, text: String) {
        #expect(cursor.description == text)
        #expect(PageCursor<Int>(text) == cursor)
    }

    @Test("anything else is no cursor: signs, spaces, other digits, a third part, an empty part, more than 19 digits, a number too large", arguments: [
        "", ".", "1.", ".1", "1.2.3", "-1", "+1", " 1", "1 ", "0x10", "1e3", "1.2e3", "\u{0661}\u{0662}", "１２",
        "12345678901234567890", "9223372036854775808", "1.9223372036854775808",
    ])
    func refused(text: String) {
        #expect(PageCursor<Int>(text) == nil, "\(text)")
    }

    @Test("in JSON a cursor is its text as one string; another string or a number is a decoding error")
    func json() throws {
        let cursor = PageCursor<Int>(id: 7, time: 1_800_000_000_000)
        let encoded = try JSONEncoder().encode(["next": cursor])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"next":"1800000000000.7"}"#)
        #expect(try JSONDecoder().decode([String: PageCursor<Int>].self, from: encoded)["next"] == cursor)
        for bad in [#"{"next":"7.x"}"#, #"{"next":7}"#] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode([String: PageCursor<Int>].self, from: Data(bad.utf8))
            }
        }
    }
}
