import Crypto
import Foundation
import GateStore
import Testing
import TestSlots

/// TOTP as RFC 6238 defines it (its own test vectors, Appendix B), base 32 as RFC 4648 does,
/// and the `otpauth://` URI authenticator apps read.
@Suite("Parents' codes: TOTP, base 32 and the otpauth URI", .boundedConcurrency)
struct OneTimeCodeTests {
    /// RFC 6238 Appendix B: the time, then the eight-digit codes for SHA-1, SHA-256 and SHA-512.
    static let vectors: [(Int64, String, String, String)] = [
        (59, "94287082", "46119246", "90693936"),
        (1_111_111_109, "07081804", "68084774", "25091201"),
        (1_111_111_111, "14050471", "67062674", "99943326"),
        (1_234_567_890, "89005924", "91819424", "93441116"),
        (2_000_000_000, "69279037", "90698825", "38618901"),
        (20_000_000_000, "65353130", "77737706", "47863826"),
    ]

    @Test("RFC 6238's vectors: SHA-1, SHA-256 and SHA-512, eight digits, at each of its six times")
    func rfcVectors() {
        // The RFC's seeds: ASCII "1234567890" repeated to the hash's length.
        let seed20 = Array("12345678901234567890".utf8)
        let seed32 = Array("12345678901234567890123456789012".utf8)
        let seed64 = Array("1234567890123456789012345678901234567890123456789012345678901234".utf8)
        for (time, sha1, sha256, sha512) in Self.vectors {
            let step = OneTimeCode.step(at: Date(timeIntervalSince1970: TimeInterval(time)))
            #expect(OneTimeCode.code(secret: seed20, step: step, digits: 8) == sha1, "SHA-1 at \(time)")
            #expect(OneTimeCode.code(secret: seed32, step: step, digits: 8, hash: SHA256.self) == sha256, "SHA-256 at \(time)")
            #expect(OneTimeCode.code(secret: seed64, step: step, digits: 8, hash: SHA512.self) == sha512, "SHA-512 at \(time)")
            // Six digits are the last six of eight (the same truncation, a smaller modulus).
            #expect(OneTimeCode.code(secret: seed20, step: step) == String(sha1.suffix(6)))
        }
    }

    @Test("a code is taken one step either side of now, not two; the step it matched is told")
    func window() {
        let secret = Array("12345678901234567890".utf8)
        let now = Date(timeIntervalSince1970: 1_800_000_015)
        let step = OneTimeCode.step(at: now)
        #expect(step == 60_000_000)
        for offset: Int64 in -1...1 {
            #expect(OneTimeCode.matchingStep(of: OneTimeCode.code(secret: secret, step: step + offset), secret: secret, at: now) == step + offset)
        }
        for offset: Int64 in [-2, 2] {
            let code = OneTimeCode.code(secret: secret, step: step + offset)
            let near = (-1...1).map { OneTimeCode.code(secret: secret, step: step + $0) }
            if !near.contains(code) { #expect(OneTimeCode.matchingStep(of: code, secret: secret, at: now) == nil) }
        }
        #expect(OneTimeCode.matchingStep(of: "12345", secret: secret, at: now) == nil)
    }

    @Test("base 32: RFC 4648's vectors, either case, and anything else refused")
    func base32() {
        let vectors = ["": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB", "foobar": "MZXW6YTBOI"]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
            #expect(Base32.decode(encoded.lowercased() + "=") == Array(plain.utf8))
        }
        #expect(Base32.decode("MZXW1") == nil)
        #expect(Base32.decode("MZ!W") == nil)
    }

    @Test("the otpauth URI names the account, issuer and every setting, escaping the name")
    func uri() {
        #expect(OneTimeCode.uri(secret: "ABC", account: "mum") ==
            "otpauth://totp/ParentalGate:mum?secret=ABC&issuer=ParentalGate&algorithm=SHA1&digits=6&period=30")
        #expect(OneTimeCode.uri(secret: "ABC", account: "Ma & Pa?").hasPrefix("otpauth://totp/ParentalGate:Ma%20%26%20Pa%3F?secret="))
        #expect(OneTimeCode.uri(secret: "ABC", account: "Мама").contains(":%D0%9C%D0%B0%D0%BC%D0%B0?"))
    }
}
