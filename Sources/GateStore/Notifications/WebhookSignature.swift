import Crypto
import Foundation

/// The signature a webhook carries: HMAC-SHA256, keyed with the subscription's secret (its
/// UTF-8 bytes), over the timestamp, a full stop and the body, as `sha256=` and lowercase hex.
package enum WebhookSignature {
    package static func sign(body: Data, timestamp: Int64, secret: String) -> String {
        var message = Data("\(timestamp).".utf8)
        message.append(body)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }
}
