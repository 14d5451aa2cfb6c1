import Foundation
@testable import ParentalGate
import Testing
import TestSlots

/// What `Gate.addAdminToken` takes as a given token: long enough and hard to guess.
@Suite("Admin token strength", .boundedConcurrency)
struct AdminTokenStrengthTests {
    @Test("random hex and base64 tokens of 32 characters and more are always taken")
    func randomTokens() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [16, 32, 48] {
            for _ in 0..<2000 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                try Gate.checkAdminToken(bytes.map { String(format: "%02x", $0) }.joined())
                if length >= 24 { try Gate.checkAdminToken(Data(bytes).base64EncodedString()) }
            }
        }
    }

    @Test("short, spaced, repeated and few-character tokens are refused", arguments: [
        String(repeating: "a", count: 32), String(repeating: "ab", count: 16), String(repeating: "password", count: 4),
        String(repeating: "0123", count: 20), "short", "with space " + String(repeating: "x", count: 30), String(repeating: "a", count: 513),
    ])
    func weakTokens(token: String) {
        #expect(throws: GateError.self) { try Gate.checkAdminToken(token) }
    }
}
