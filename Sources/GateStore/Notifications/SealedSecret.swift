import Crypto
import Foundation

/// A new webhook secret: the secret itself (shown once), and what the store keeps of it.
package struct SealedSecret: Sendable {
    /// The secret, to give to the receiver; never stored in the clear.
    package let secret: String
    /// The secret sealed with the notification key.
    let box: Data
    /// The start of the secret's SHA-256, in hex, to tell secrets apart.
    package let fingerprint: String

    init(secret: String, box: Data) {
        self.secret = secret
        self.box = box
        fingerprint = Self.fingerprint(of: secret)
    }

    /// The first 8 bytes of the SHA-256 of `secret`, as 16 hex digits.
    static func fingerprint(of secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
