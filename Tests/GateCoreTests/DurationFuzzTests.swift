import Foundation
import GateCore
import Testing
import TestSlots

@Suite("Duration parsing under random input", .boundedConcurrency)
struct DurationFuzzTests {
    @Test("10,000 random strings: each parses to a bounded duration or is refused, never a crash")
    func fuzz() {
        var generator = SplitMix64(seed: 2026)
        let alphabet = Array("0123456789.dhms msh-+ eE_\u{0}\u{FF10}٣🙂") + ["\u{301}"]
        var parsed = 0
        for _ in 0..<10_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            do {
                let duration = try DurationText.parse(text)
                parsed += 1
                #expect(duration >= .zero && duration <= .seconds(1_000_000_000))
                #expect(try DurationText.parse(DurationText.format(duration)) == duration)
            } catch {
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(parsed > 0)
    }
}
