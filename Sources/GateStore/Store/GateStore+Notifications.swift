import Foundation

extension GateStore {
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

    /// The file that holds the key webhook secrets are sealed with; `nil` in memory.
    package var notificationKeyPath: String? {
        notificationKey.path
    }

    /// Calls `handler` after every write of this store that queued notifications has committed.
    package func onNotificationsQueued(_ handler: @escaping @Sendable () -> Void) {
        bell.observe(handler)
    }
}
