import Foundation

extension GateStorage {
    /// A new webhook secret, and the same sealed for storing (making the key file, beside the
    /// database, if there is none yet).
    package func makeWebhookSecret() throws -> SealedSecret {
        let secret = SecretToken.generate()
        return SealedSecret(secret: secret, box: try notificationKey.seal(secret))
    }

    /// The webhook secret sealed in `box`.
    package func unsealWebhookSecret(_ box: Data) throws -> String {
        try notificationKey.unseal(box)
    }

    /// The approval link token of delivery `deliveryID` (see ``NotificationKey/approvalToken(deliveryID:)``).
    package func approvalToken(deliveryID: String) throws -> String {
        try notificationKey.approvalToken(deliveryID: deliveryID)
    }

    /// The delivery an approval link token was made for; `nil` for a token this database's key did not make.
    package func deliveryID(ofApprovalToken token: String) -> String? {
        notificationKey.deliveryID(ofApprovalToken: token)
    }

    /// A session token sealed until its request's client picks it up.
    package func sealSessionToken(_ token: String) throws -> Data {
        try notificationKey.seal(token, context: NotificationKey.sessionContext)
    }

    /// The session token sealed in `box`.
    package func unsealSessionToken(_ box: Data) throws -> String {
        try notificationKey.unseal(box, context: NotificationKey.sessionContext)
    }

    /// A new parent's code secret (160 random bits, as RFC 4226 recommends), in base 32 as
    /// authenticator apps take it, and the same sealed for storing.
    package func makeParentCodeSecret() throws -> (base32: String, box: Data) {
        var generator = SystemRandomNumberGenerator()
        let secret = Base32.encode((0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return (secret, try notificationKey.seal(secret, context: NotificationKey.parentCodeContext))
    }

    /// The secret bytes of a parent's code sealed in `box`.
    package func unsealParentCodeSecret(_ box: Data) throws -> [UInt8] {
        let text = try notificationKey.unseal(box, context: NotificationKey.parentCodeContext)
        guard let bytes = Base32.decode(text), !bytes.isEmpty else {
            throw StoreError.notificationKey(path: notificationKey.path ?? "memory", problem: "unsealed a parent's code that is not base 32")
        }
        return bytes
    }

    /// The file that holds the key webhook secrets are sealed with; `nil` in memory.
    package var notificationKeyPath: String? {
        notificationKey.path
    }
}
