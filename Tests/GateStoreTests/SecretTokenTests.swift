import Foundation
@testable import GateStore
import Testing
import TestSlots

@Suite("Secret tokens", .boundedConcurrency)
struct SecretTokenTests {
    @Test("256 random bits in base64url, never starting with '-' (a command line would read an option)")
    func shape() {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var tokens = Set<String>()
        for _ in 0..<3000 {
            let token = SecretToken.generate()
            #expect(token.count == 43 && token.allSatisfy(alphabet.contains), "\(token)")
            #expect(!token.hasPrefix("-"), "\(token)")
            tokens.insert(token)
        }
        #expect(tokens.count == 3000)
    }
}
