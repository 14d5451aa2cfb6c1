import Crypto
import Foundation

/// Time-based one-time codes (TOTP, RFC 6238, over HOTP, RFC 4226), as authenticator apps
/// make them: HMAC of the 30-second step since 1970, dynamically truncated to six digits.
///
/// Written here rather than taken from a library: it is a dozen lines over swift-crypto's
/// HMAC, and no maintained Swift TOTP package is on the mirror. RFC 6238's own test vectors
/// hold it (`OneTimeCodeTests`), and so does pyotp, a widely used implementation.
package enum OneTimeCode {
    /// Seconds a code lasts (the step), as every authenticator app's default.
    package static let period: Int64 = 30
    /// Digits a code has.
    package static let digits = 6
    /// Steps either side of now a code is still taken from, for a phone's clock a little off
    /// and a code typed as it changes (RFC 6238 §5.2 recommends at most one).
    package static let window: Int64 = 1

    /// The time step of `time`.
    package static func step(at time: Date) -> Int64 {
        Int64((time.timeIntervalSince1970 / Double(period)).rounded(.down))
    }

    /// The code of `step` for `secret`, with HMAC-SHA-1 (what authenticator apps use) unless
    /// `hash` says otherwise, `digits` long with leading zeros.
    package static func code<Hash: HashFunction>(
        secret: [UInt8], step: Int64, digits: Int = OneTimeCode.digits, hash: Hash.Type = Insecure.SHA1.self
    ) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Hash>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(binary % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The step within ``window`` of `time` whose code `typed` is, for `secret`; `nil` when none.
    /// Every step is compared, in constant time, so how long it takes tells nothing.
    package static func matchingStep(of typed: String, secret: [UInt8], at time: Date) -> Int64? {
        let now = step(at: time)
        var found: Int64?
        for step in (now - window)...(now + window) {
            if constantTimeEqual(code(secret: secret, step: step), typed), found == nil { found = step }
        }
        return found
    }

    /// The `otpauth://` URI (Google Authenticator's key URI format) that gives an app the
    /// secret `base32` of `account`'s code at `issuer`, with every setting spelled out.
    package static func uri(secret base32: String, account: String, issuer: String = "ParentalGate") -> String {
        "otpauth://totp/\(escaped(issuer)):\(escaped(account))?secret=\(base32)&issuer=\(escaped(issuer))"
            + "&algorithm=SHA1&digits=\(digits)&period=\(period)"
    }

    /// `text` with every byte but ASCII letters, digits and `-._~` percent-encoded.
    private static func escaped(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }

    /// Whether `a` and `b` are the same, comparing every byte whatever differs first.
    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
