import Foundation
import GateCore
import GateStore

extension Gate {
    /// Subscribes to notifications as `settings` say; returns the subscription and, for a
    /// webhook, its new secret: shown this once, kept only sealed (see README, Notifications).
    public func addNotification(_ settings: NotificationSettings, by actor: String = "api") async throws(GateError) -> AddedNotification {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        if let profile = settings.profile {
            // Checked before a secret (and its key file) is made: a refused subscription writes nothing.
            _ = try await self.profile(named: profile)
        }
        var secret: SealedSecret?
        if settings.channel == .webhook {
            do {
                secret = try storage.makeWebhookSecret()
            } catch {
                throw GateError.from(error)
            }
        }
        let now = timeSource.now()
        let sealed = secret
        let subscription = try await write { try $0.addNotification(settings, secret: sealed, by: actor, at: now) }
        return AddedNotification(subscription: subscription, secret: secret?.secret)
    }

    /// Every subscription, oldest first, with how its deliveries went; never a secret.
    public func notifications() async throws(GateError) -> [NotificationSubscription] {
        try await read { try $0.notifications() }
    }

    /// Removes subscription `id` with its deliveries not made yet; returns it as it was.
    @discardableResult
    public func removeNotification(_ id: Int64, by actor: String = "api") async throws(GateError) -> NotificationSubscription {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        let now = timeSource.now()
        return try await write { try $0.removeNotification(id, by: actor, at: now) }
    }

    /// Queues a test notification for subscription `id`, or for every one when `nil`;
    /// returns how many deliveries were queued. The daemon (`parental-gated`) delivers them.
    @discardableResult
    public func testNotification(_ id: Int64? = nil, by actor: String = "api") async throws(GateError) -> Int {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        let now = timeSource.now()
        return try await write { try $0.queueTestNotification(id, by: actor, at: now) }
    }

    // MARK: - Delivery (the daemon's)

    /// Claims up to `limit` deliveries that are due, each ready to send; none of them is
    /// claimed again before `lease` has passed unless its try is recorded.
    ///
    /// A `request` carries its one-time approval link under `approvalBase` (the daemon's
    /// public URL, e.g. `http://gate.home.lan:8080`): `approvalBase/approve/TOKEN`, the token
    /// made from the delivery id and the notification key, stored nowhere; and the address a
    /// decision is POSTed to with the same token, `approvalBase/v1/approvals/TOKEN`. Without a base,
    /// the message tells how to approve with gatectl.
    ///
    /// `retry` is the schedule failed tries are spaced by: a delivery due later than its
    /// longest wait from now was scheduled by a clock that has since gone back, and is due now.
    package func claimNotifications(
        limit: Int, lease: Duration, retry: RetrySchedule = RetrySchedule(), approvalBase: String? = nil
    ) async throws(GateError) -> [OutgoingNotification] {
        let timeSource = timeSource
        let claimed = try await write { transaction in
            // The clock read with the write lock held, as every operation's is.
            try transaction.claimNotifications(at: timeSource.now(), lease: lease, limit: limit, horizon: retry.maximum)
        }
        let now = timeSource.now()
        let storage = storage
        return claimed.map { claimed in
            var claimed = claimed
            if claimed.event.kind == .request, let base = approvalBase,
               let token = try? storage.approvalToken(deliveryID: claimed.deliveryID)
            {
                claimed.event.details["approveURL"] = base + "/approve/" + token
                // What a decision is POSTed to (ntfy's action buttons), with the same token.
                claimed.event.details["decideURL"] = base + "/v1/approvals/" + token
            }
            let secret = claimed.secretBox.map { box -> Result<String, StoreError> in
                do {
                    return .success(try storage.unsealWebhookSecret(box))
                } catch let error as StoreError {
                    return .failure(error)
                } catch {
                    return .failure(.notificationKey(path: storage.notificationKeyPath ?? "memory", problem: "cannot be used"))
                }
            }
            return OutgoingNotification(claimed, secret: secret, at: now)
        }
    }

    /// Records how a try of `notification` went: delivered when `error` is `nil`, else failed,
    /// to be tried again when `retry` says.
    package func recordTry(of notification: OutgoingNotification, error: String?, retry: RetrySchedule) async throws(GateError) {
        let timeSource = timeSource
        try await write { transaction in
            let now = timeSource.now()
            if let error {
                let retryAt = now.adding(retry.delay(afterAttempt: notification.attempt))
                try transaction.recordNotificationFailed(
                    notification.outboxID, subscription: notification.subscriptionID, error: error, retryAt: retryAt, at: now)
            } else {
                try transaction.recordNotificationDelivered(notification.outboxID, subscription: notification.subscriptionID, at: now)
            }
        }
    }

    /// When the next delivery not made yet is due; `nil` when the outbox holds none.
    package func nextNotificationDue() async throws(GateError) -> Date? {
        try await read { try $0.nextNotificationDue() }
    }

    /// Calls `handler` after every operation of this gate that queued notifications.
    package func onNotificationsQueued(_ handler: @escaping @Sendable () -> Void) {
        storage.onNotificationsQueued(handler)
    }
}
