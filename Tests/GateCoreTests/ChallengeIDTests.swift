import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("ChallengeID", .boundedConcurrency)
struct ChallengeIDTests {
    private static func isLowercaseHex(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    @Test("random ids are 32 lowercase hex digits")
    func randomShape() {
        for _ in 0..<1_000 {
            let id = ChallengeID.random()
            #expect(id.rawValue.count == 32)
            #expect(id.rawValue.utf8.count == 32)
            #expect(Self.isLowercaseHex(id.rawValue), "\(id.rawValue)")
            #expect(id.description == id.rawValue)
        }
    }

    @Test("10,000 random ids are all distinct")
    func randomIDsAreDistinct() {
        let ids = (0..<10_000).map { _ in ChallengeID.random() }
        #expect(Set(ids).count == 10_000)
        #expect(Set(ids.map(\.rawValue)).count == 10_000)
    }

    @Test("every hex position of random ids takes every digit: all 128 bits vary")
    func everyPositionVaries() {
        var seen = Array(repeating: Set<Character>(), count: 32)
        for _ in 0..<10_000 {
            for (index, digit) in ChallengeID.random().rawValue.enumerated() { seen[index].insert(digit) }
        }
        for (index, digits) in seen.enumerated() {
            // Missing a digit at one position in 10,000 uniform draws has probability < 10^-270.
            #expect(digits.count == 16, "position \(index) saw only \(digits.sorted())")
        }
    }

    @Test("random ids parse back to themselves")
    func randomIDsParse() throws {
        for _ in 0..<100 {
            let id = ChallengeID.random()
            #expect(try #require(ChallengeID(id.rawValue)) == id)
        }
    }

    @Test("parses 32 hex digits in either case, keeping them lowercase")
    func parses() throws {
        let lower = "0123456789abcdef0123456789abcdef"
        #expect(try #require(ChallengeID(lower)).rawValue == lower)
        #expect(try #require(ChallengeID("0123456789ABCDEF0123456789ABCDEF")).rawValue == lower)
        #expect(ChallengeID("0123456789AbCdEf0123456789aBcDeF")?.rawValue == lower)
        #expect(try #require(ChallengeID(String(repeating: "0", count: 32))).rawValue == String(repeating: "0", count: 32))
        #expect(try #require(ChallengeID(String(repeating: "F", count: 32))).rawValue == String(repeating: "f", count: 32))
    }

    @Test(
        "refuses anything but exactly 32 ASCII hex digits",
        arguments: [
            "",
            "0123456789abcdef0123456789abcde",  // 31
            "0123456789abcdef0123456789abcdef0",  // 33
            "0123456789abcdef0123456789abcdeg",  // g
            "0123456789abcdef0123456789abcde ",  // trailing space
            " 0123456789abcdef0123456789abcdef",  // leading space
            "0123456789abcdef0123456789abcdef\n",
            "0123456789abcdef-0123456789abcde",  // dash
            "01234567-89ab-cdef-0123-456789abcdef",  // UUID layout
            "0x0123456789abcdef0123456789abcd",
            "\u{FF10}123456789abcdef0123456789abcdef",  // FULLWIDTH DIGIT ZERO
            "\u{FF41}123456789abcdef0123456789abcdef",  // FULLWIDTH LATIN SMALL LETTER A
            "0123456789abcdef0123456789abcd\u{0}f",
            "0123456789abcdef0123456789abcde\u{301}",  // combining mark on the last digit
            String(repeating: "\u{1F600}", count: 32),
            String(repeating: "a", count: 10_000),
        ])
    func refuses(text: String) {
        #expect(ChallengeID(text) == nil)
    }

    @Test("encodes as its string and decodes back, lowercased")
    func codable() throws {
        let id = ChallengeID.random()
        let data = try JSONEncoder().encode(id)
        #expect(String(decoding: data, as: UTF8.self) == "\"\(id.rawValue)\"")
        #expect(try JSONDecoder().decode(ChallengeID.self, from: data) == id)
        let upper = try JSONDecoder().decode(ChallengeID.self, from: Data("\"\(id.rawValue.uppercased())\"".utf8))
        #expect(upper == id)
    }

    @Test("decoding refuses what is not a challenge id", arguments: [#""""#, #""abc""#, "12", "null", #"{"rawValue":"0123456789abcdef0123456789abcdef"}"#])
    func decodingRefuses(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ChallengeID.self, from: Data(json.utf8)) }
    }
}
