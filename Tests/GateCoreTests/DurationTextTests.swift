import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("DurationText", .boundedConcurrency)
struct DurationTextTests {
    // MARK: Parsing what people type

    @Test(
        "parses the documented forms",
        arguments: [
            ("90s", Int64(90_000)),
            ("5m", 300_000),
            ("1h30m", 5_400_000),
            ("2d", 172_800_000),
            ("1.5s", 1_500),
            ("250ms", 250),
            ("1d2h3m4s", 93_784_000),
            ("1d2h3m4s5ms", 93_784_005),
            ("0s", 0),
            ("0ms", 0),
            ("24h", 86_400_000),
            ("0.25s", 250),
            ("1s500ms", 1_500),
            ("1.5h", 5_400_000),
            ("0.5d", 43_200_000),
            ("1h0.5m", 3_630_000),
            ("2m0.001s", 120_001),
            ("007s", 7_000),
            ("00.5s", 500),
            ("1.50s", 1_500),
        ] as [(String, Int64)])
    func parsesDocumentedForms(text: String, milliseconds: Int64) throws {
        #expect(try DurationText.parse(text) == .milliseconds(milliseconds))
    }

    @Test(
        "units are case-insensitive",
        arguments: [("5M", Int64(300_000)), ("1H30M", 5_400_000), ("2D", 172_800_000), ("250MS", 250), ("250Ms", 250), ("1.5S", 1_500)])
    func unitsAreCaseInsensitive(text: String, milliseconds: Int64) throws {
        #expect(try DurationText.parse(text) == .milliseconds(milliseconds))
    }

    @Test("surrounding spaces and tabs are ignored", arguments: ["  90s", "90s  ", " \t90s\t ", "\u{00A0}90s"])
    func surroundingWhitespaceIsIgnored(text: String) throws {
        #expect(try DurationText.parse(text) == .seconds(90))
    }

    @Test("a fraction of a millisecond is rounded to the nearest millisecond")
    func subMillisecondFractionsRound() throws {
        #expect(try DurationText.parse("1.4ms") == .milliseconds(1))
        #expect(try DurationText.parse("1.6ms") == .milliseconds(2))
        #expect(try DurationText.parse("0.0004s") == .zero)
        #expect(try DurationText.parse("0.0006s") == .milliseconds(1))
    }

    // MARK: Refusals

    @Test(
        "refuses malformed text, naming the text as given",
        arguments: [
            "",  // empty
            "   ",  // only spaces
            "5",  // no unit
            "m",  // no number
            "ms",
            "5x",  // unknown unit
            "5mm",
            "5sec",
            "5min",
            "1m1h",  // wrong order
            "1s1m",
            "1ms1s",
            "1s1d",
            "1h1h",  // repeated unit
            "1m2m",
            "1.5m30s",  // fraction not last
            "1.5s5ms",
            "-5m",  // negative
            "+5m",
            "1..5s",  // two dots
            "1.2.3s",
            ".5s",  // dot first
            "5.s",  // dot last
            "1,5s",
            "1e3s",
            "5 m",  // space inside
            "1h 30m",
            "1h30",  // trailing number
            "5m5",
            "h1",
            "nan",
            "inf",
            "infs",
            "0x10s",
            "5m\u{0}",
            "5\u{200B}m",
            "\u{FF15}m",  // FULLWIDTH DIGIT FIVE
            "\u{0665}m",  // ARABIC-INDIC DIGIT FIVE
            "\u{00BD}s",  // VULGAR FRACTION ONE HALF (a number, not a digit)
            "5\u{043C}",  // Cyrillic m
            "\u{1F600}",  // emoji
            "5\u{1F600}",
            "5m\u{1F600}",
            "\u{1F600}5m",
            "1\u{FE0F}\u{20E3}s",  // keycap one
        ])
    func refusesMalformedText(text: String) {
        #expect(throws: GateInputError.malformedDuration(text)) { try DurationText.parse(text) }
    }

    @Test(
        "refuses huge numbers without overflowing",
        arguments: [
            "11575d",  // just over the limit in days
            "277778h",
            "16666667m",
            "1000000001s",
            "1000000000001ms",
            "11574d23h",  // each part fits, the sum does not
            "11574d1h46m40s1ms",
            "999999999999999d",  // 15 digits
            "9999999999999999ms",  // 16 digits
            "9223372036854775807ms",  // Int64.max
            "9223372036854775808ms",  // Int64.max + 1
            "18446744073709551616d",  // UInt64.max + 1
            "99999999999999999999s",
            "1000000000000.5s",
            "99999999999999.9d",
            "1.7976931348623157e308s",
            "179769313486231570000000000000000000000000000000000000000000000s",
        ])
    func refusesHugeNumbers(text: String) {
        #expect(throws: GateInputError.malformedDuration(text)) { try DurationText.parse(text) }
    }

    @Test("accepts durations up to the limit of 10^12 milliseconds")
    func acceptsUpToTheLimit() throws {
        #expect(try DurationText.parse("1000000000000ms") == .milliseconds(1_000_000_000_000))
        #expect(try DurationText.parse("11574d1h46m40s") == .milliseconds(1_000_000_000_000))
        #expect(try DurationText.parse("11574d") == .milliseconds(11574 * 86_400_000))
        #expect(try DurationText.parse("1000000000s") == .seconds(1_000_000_000))
    }

    @Test("refuses text longer than 64 characters, even very long text, quickly")
    func refusesLongText() throws {
        let valid64 = "000000000000001d000000000000001h000000000000001m0000000000001.5s"
        #expect(valid64.count == 64)
        #expect(try DurationText.parse(valid64) == .milliseconds(86_400_000 + 3_600_000 + 60_000 + 1_500))

        let long65 = "000000000000001d000000000000001h000000000000001m00000000000001.5s"
        #expect(long65.count == 65)
        #expect(throws: GateInputError.malformedDuration(long65)) { try DurationText.parse(long65) }

        for text in [
            String(repeating: "1", count: 9_999) + "s",
            String(repeating: "5m", count: 5_000),
            "1s" + String(repeating: " ", count: 10_000) + "1ms",
            String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", count: 10_000),
        ] {
            #expect(throws: GateInputError.malformedDuration(text)) { try DurationText.parse(text) }
        }
    }

    @Test("a line break is not trimmed")
    func newlinesAreNotWhitespace() {
        // Durations come from one command-line argument or one JSON string: a line break
        // inside one means the text is not a duration.
        #expect(throws: GateInputError.self) { try DurationText.parse("5m\n1h") }
        #expect(throws: GateInputError.self) { try DurationText.parse("5\nm") }
    }

    // MARK: Formatting

    @Test(
        "formats compactly",
        arguments: [
            (Int64(0), "0s"),
            (1, "0.001s"),
            (10, "0.01s"),
            (100, "0.1s"),
            (250, "0.25s"),
            (999, "0.999s"),
            (1_000, "1s"),
            (1_500, "1.5s"),
            (30_000, "30s"),
            (59_999, "59.999s"),
            (60_000, "1m"),
            (90_000, "1m30s"),
            (300_000, "5m"),
            (3_600_000, "1h"),
            (5_400_000, "1h30m"),
            (86_400_000, "1d"),
            (86_400_005, "1d0.005s"),
            (93_784_000, "1d2h3m4s"),
            (93_784_005, "1d2h3m4.005s"),
            (365 * 86_400_000, "365d"),
            (1_000_000_000_000, "11574d1h46m40s"),
        ] as [(Int64, String)])
    func formatsCompactly(milliseconds: Int64, text: String) {
        #expect(DurationText.format(.milliseconds(milliseconds)) == text)
    }

    @Test("formats negative durations with a minus sign")
    func formatsNegativeDurations() {
        #expect(DurationText.format(.milliseconds(-1_500)) == "-1.5s")
        #expect(DurationText.format(.seconds(-90)) == "-1m30s")
        #expect(DurationText.format(.seconds(-86_400)) == "-1d")
    }

    @Test("drops what is below a millisecond")
    func formatTruncatesBelowAMillisecond() {
        #expect(DurationText.format(.microseconds(1_999)) == "0.001s")
        #expect(DurationText.format(.microseconds(999)) == "0s")
        #expect(DurationText.format(.nanoseconds(1_500_000_999)) == "1.5s")
    }

    @Test("parsing then formatting gives the canonical form")
    func canonicalForm() throws {
        let cases = [
            ("90s", "1m30s"), ("1.5h", "1h30m"), ("0.5d", "12h"), ("60m", "1h"), ("1000ms", "1s"),
            ("1s500ms", "1.5s"), ("007s", "7s"), ("1H30M", "1h30m"), ("0ms", "0s"), ("48h", "2d"),
        ]
        for (text, canonical) in cases {
            #expect(DurationText.format(try DurationText.parse(text)) == canonical, "\(text)")
        }
    }

    // MARK: Properties over generated values

    @Test("format round-trips through parse for every duration up to the limit")
    func formatRoundTrips() throws {
        var generator = SeededGenerator(seed: 0x5EED_D0_0001)
        let magnitudes: [ClosedRange<Int64>] = [
            0...1_000, 0...60_000, 0...3_600_000, 0...86_400_000, 0...(400 * 86_400_000), 0...1_000_000_000_000,
        ]
        var checked = 0
        for magnitude in magnitudes {
            for _ in 0..<2_000 {
                let milliseconds = Int64.random(in: magnitude, using: &generator)
                let duration = Duration.milliseconds(milliseconds)
                let text = DurationText.format(duration)
                #expect(text.count <= 64)
                let parsed = try DurationText.parse(text)
                #expect(parsed == duration, "\(milliseconds) ms formatted as \(text) parsed as \(parsed)")
                checked += 1
            }
        }
        // Both ends of the range round-trip too.
        for milliseconds: Int64 in [0, 1, 999, 1_000, 59_999, 60_000, 86_399_999, 1_000_000_000_000] {
            #expect(try DurationText.parse(DurationText.format(.milliseconds(milliseconds))) == .milliseconds(milliseconds))
            checked += 1
        }
        #expect(checked == 12_008)
    }

    /// One unit of a generated duration text.
    private struct Part {
        var suffix: String
        var size: Int64
    }

    private static let allParts = [
        Part(suffix: "d", size: 86_400_000), Part(suffix: "h", size: 3_600_000), Part(suffix: "m", size: 60_000),
        Part(suffix: "s", size: 1_000), Part(suffix: "ms", size: 1),
    ]

    @Test("parses generated well-formed texts to the sum of their parts")
    func parsesGeneratedTexts() throws {
        var generator = SeededGenerator(seed: 0xD0_4A71_0E)
        for _ in 0..<3_000 {
            let chosen = Self.allParts.filter { _ in Bool.random(using: &generator) }
            guard !chosen.isEmpty else { continue }
            var text = ""
            var expected: Int64 = 0
            for (index, part) in chosen.enumerated() {
                let whole = Int64.random(in: 0...200, using: &generator)
                let isLast = index == chosen.count - 1
                if isLast, part.size >= 1_000, Bool.random(using: &generator) {
                    // A fraction with up to three digits stays a whole number of milliseconds.
                    let thousandths = Int64.random(in: 0...999, using: &generator)
                    let digits = String(String(thousandths + 1_000).dropFirst())
                    text += "\(whole).\(digits)"
                    expected += whole * part.size + thousandths * part.size / 1_000
                } else {
                    text += "\(whole)"
                    expected += whole * part.size
                }
                text += Bool.random(using: &generator) ? part.suffix.uppercased() : part.suffix
            }
            let parsed = try DurationText.parse(text)
            #expect(parsed == .milliseconds(expected), "\(text)")
        }
    }

    @Test("refuses generated texts whose units are out of order or repeated")
    func refusesGeneratedDisorder() {
        var generator = SeededGenerator(seed: 0xBAD_0_0DE5)
        for _ in 0..<2_000 {
            let first = Self.allParts.randomElement(using: &generator)!
            // A second part of the same or a larger unit breaks the order.
            let later = Self.allParts.filter { $0.size >= first.size }.randomElement(using: &generator)!
            let text = "\(Int.random(in: 0...99, using: &generator))\(first.suffix)\(Int.random(in: 0...99, using: &generator))\(later.suffix)"
            #expect(throws: GateInputError.malformedDuration(text), "\(text)") { try DurationText.parse(text) }
        }
    }

    @Test("refuses generated texts with a fraction before the last part")
    func refusesGeneratedEarlyFractions() {
        var generator = SeededGenerator(seed: 0xF4AC_7)
        for _ in 0..<1_000 {
            let firstIndex = Int.random(in: 0..<(Self.allParts.count - 1), using: &generator)
            let secondIndex = Int.random(in: (firstIndex + 1)..<Self.allParts.count, using: &generator)
            let text = "\(Int.random(in: 0...99, using: &generator)).\(Int.random(in: 1...9, using: &generator))"
                + Self.allParts[firstIndex].suffix + "\(Int.random(in: 0...99, using: &generator))"
                + Self.allParts[secondIndex].suffix
            #expect(throws: GateInputError.malformedDuration(text), "\(text)") { try DurationText.parse(text) }
        }
    }

    @Test("random printable text never crashes the parser")
    func randomTextNeverCrashes() throws {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let alphabet = Array("0123456789.dhmsDHMS -+,exyz\u{1F600}\u{0665}\u{FF15}\t")
        var accepted = 0
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...20, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            switch Result(catching: { () throws(GateInputError) in try DurationText.parse(text) }) {
            case .success(let duration):
                // Whatever is accepted is within the limits and formats back to an accepted text.
                #expect(duration >= .zero && duration <= .milliseconds(1_000_000_000_000), "\(text)")
                #expect(try DurationText.parse(DurationText.format(duration)) == duration, "\(text)")
                accepted += 1
            case .failure(let error):
                #expect(error == .malformedDuration(text))
            }
        }
        #expect(accepted > 0)
    }
}
