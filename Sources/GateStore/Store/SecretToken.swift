import Crypto
import Foundation

/// Secret tokens (parent sessions, admin access): 256 random bits, base64url; only their
/// SHA-256 is ever stored.
enum SecretToken {
    /// A new token from the system's secure generator.
    static func generate() -> String {
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Data($0) }
        return bytes.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 of `token`, as stored.
    static func hash(_ token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }
}
