import Foundation
@testable import GateCore
import Testing
import TestSlots

@Suite("A page cursor as text and as JSON", .boundedConcurrency)
struct PageCursorTextTests {
    @Test("an audit log cursor is its id; an attempts cursor its time and id; each comes back from that text whole")
    func roundTrip() {
        for (cursor, text) in [(PageCursor<AuditEntry>(id: 42), "42"), (PageCursor<AuditEntry>(id: .max), "9223372036854775807")] {
            #expect(cursor.description == text)
            #expect(PageCursor<AuditEntry>(text) == cursor)
        }
        for (cursor, text) in [
            (PageCursor<Attempt>(id: 7, time: 1_800_000_000_000), "1800000000000.7"),
            (PageCursor<Attempt>(id: 0, time: 0), "0.0"),
            (PageCursor<Attempt>(id: 3, time: -5), "-5.3"),
        ] {
            #expect(cursor.description == text)
            #expect(PageCursor<Attempt>(text) == cursor)
        }
    }

    @Test("anything else is no cursor: the other shape, signs, spaces, other digits, leading zeros, an empty part, more than 19 digits, a number too large", arguments: [
        "", ".", "1.", ".1", "1.2.3", "-1", "+1", " 1", "1 ", "0x10", "1e3", "\u{0661}\u{0662}", "１２", "007",
        "12345678901234567890", "9223372036854775808", "1.2",
    ])
    func refusedForTheAuditLog(text: String) {
        #expect(PageCursor<AuditEntry>(text) == nil, "\(text)")
    }

    @Test("an attempts cursor without its time, or of any other shape, is no cursor (never a silent first page)", arguments: [
        "42", "1.-2", "01.2", "1.02", "--1.2", "+1.2", "1.2.3", "1.9223372036854775808", "1e3.2",
    ])
    func refusedForAttempts(text: String) {
        #expect(PageCursor<Attempt>(text) == nil, "\(text)")
    }

    @Test("in JSON a cursor is its text as one string; another string or a number is a decoding error")
    func json() throws {
        let cursor = PageCursor<Attempt>(id: 7, time: 1_800_000_000_000)
        let encoded = try JSONEncoder().encode(["next": cursor])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"next":"1800000000000.7"}"#)
        #expect(try JSONDecoder().decode([String: PageCursor<Attempt>].self, from: encoded)["next"] == cursor)
        for bad in [#"{"next":"7.x"}"#, #"{"next":"7"}"#, #"{"next":7}"#] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode([String: PageCursor<Attempt>].self, from: Data(bad.utf8))
            }
        }
    }
}
