import Crypto
import Foundation

/// Secret tokens (parent sessions, admin access): 256 random bits, base64url; only their
/// SHA-256 is ever stored.
package enum SecretToken {
    /// A new token from the system's secure generator, never starting with `-` (a command
    /// line would take it for an option; redrawing costs 0.02 bits of the 256).
    package static func generate() -> String {
        while true {
            let token = draw()
            if !token.hasPrefix("-") { return token }
        }
    }

    private static func draw() -> String {
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Data($0) }
        let base64 = bytes.base64EncodedString().utf8.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
        return String(decoding: base64, as: UTF8.self)
    }

    /// The SHA-256 of `token`, as stored.
    package static func hash(_ token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }
}
