import Foundation
import GateCore
import GRDB

private typealias S = SubscriptionRecord.Columns
private typealias Q = NotificationStatements

extension SQLRunner {
    /// Stores a new subscription (a webhook with its sealed secret) and audits it; the audit
    /// record names the URL's origin and the secret's fingerprint, never the URL's path or the secret.
    package func addNotification(
        _ settings: NotificationSettings, secret: SealedSecret?, by actor: Label, at now: Date
    ) throws -> NotificationSubscription {
        let profile = try settings.profile.map { try requireProfile(named: $0) }
        guard (settings.channel == .webhook) == (secret != nil) else {
            throw StoreError.constraint("a webhook, and only a webhook, has a secret")
        }
        guard let id = try insert(SubscriptionRecord(
            profileId: profile?.id, channel: settings.channel.rawValue, url: settings.url.value, secretBox: secret?.box,
            secretFingerprint: secret?.fingerprint, title: settings.title, priority: settings.priority, click: settings.click?.value,
            createdAt: now.millisecondsSince1970, createdBy: actor.value
        )) else { throw StoreError.constraint("a subscription without an id") }
        for kind in settings.events {
            try insert(SubscriptionEventRecord(subscriptionId: id, eventKind: kind.rawValue))
        }
        var details = [
            "notification": String(id), "channel": settings.channel.rawValue, "origin": settings.url.origin,
            "events": settings.events.map(\.rawValue).joined(separator: ","),
        ]
        details["secretFingerprint"] = secret?.fingerprint
        try appendAudit(
            AuditEvent(.notificationAdded, profileID: profile?.id, profileName: profile?.name, actor: actor.value, details: details),
            at: now)
        return try requireNotification(id)
    }

    /// Every subscription, oldest first, with how its deliveries went.
    package func notifications() throws -> [NotificationSubscription] {
        try fetchAll(SubscriptionRow.self, Q.subscriptionSQL(dialect) + " ORDER BY s.\(S.id.name)", []).map(\.subscription)
    }

    /// The subscription with id `id`, or ``StoreError/notFound(_:)``.
    package func requireNotification(_ id: Int64) throws -> NotificationSubscription {
        guard let row = try fetchOne(SubscriptionRow.self, Q.subscriptionSQL(dialect) + " WHERE s.\(S.id.name) = ?", [id]) else {
            throw StoreError.notFound(.notification(id))
        }
        return row.subscription
    }

    /// Removes subscription `id` with its deliveries not made yet, and audits it; returns it as it was.
    package func removeNotification(_ id: Int64, by actor: Label, at now: Date) throws -> NotificationSubscription {
        let subscription = try requireNotification(id)
        try execute(Q.deleteSQL, [id])
        let profileID = try subscription.profile.flatMap { try profile(named: $0)?.id }
        try appendAudit(
            AuditEvent(
                .notificationRemoved, profileID: profileID, profileName: subscription.profile, actor: actor.value,
                details: [
                    "notification": String(id), "channel": subscription.channel.rawValue,
                    "origin": (try? NotificationURL(subscription.url).origin) ?? "?",
                    "droppedDeliveries": String(subscription.pending),
                ]),
            at: now)
        return subscription
    }

    /// Audits a test and queues it for subscription `id`, or for every subscription when
    /// `nil`; returns how many deliveries it queued.
    package func queueTestNotification(_ id: Int64?, by actor: Label, at now: Date) throws -> Int {
        if let id {
            _ = try requireNotification(id)
        } else if try fetchOne(SingleValue.self, Q.countSQL, [])?.count ?? 0 == 0 {
            throw StoreError.notFound(.notification(nil))
        }
        let audit = AuditEvent(.notificationTested, actor: actor.value, details: ["notification": id.map(String.init) ?? "all"])
        let auditID = try appendAudit(audit, at: now).id
        let event = NotificationEvent(
            kind: .test, profile: nil, occurredAt: Date(millisecondsSince1970: now.millisecondsSince1970),
            details: NotificationEvent.details(of: audit), auditID: auditID)
        return try queueNotifications(event, profileID: nil, only: id)
    }

    /// Puts `event` in the outbox once for every subscription it concerns (of its profile or of
    /// every profile, and subscribed to its kind; a test: `only` that one, or all), due now.
    @discardableResult
    package func queueNotifications(_ event: NotificationEvent, profileID: Int64?, only subscription: Int64?) throws -> Int {
        let time = event.occurredAt.millisecondsSince1970
        // A request's deliveries are bound to it: their approval links lead to it alone, and go with it.
        let request = event.kind == .request ? event.details["request"].flatMap { Int64($0) } : nil
        let common: [(any DatabaseValueConvertible)?] = [
            event.auditID, event.kind.rawValue, event.profile, time, JSONText.encode(event.details), time, request,
        ]
        let queued: Int
        if event.kind == .test {
            queued = try execute(Q.queueTestSQL(dialect), common + [subscription, subscription])
        } else {
            queued = try execute(Q.queueEventSQL(dialect), common + [profileID, event.kind.rawValue])
        }
        memo.notificationsQueued += queued
        return queued
    }

    /// Claims up to `limit` deliveries due at `now`, oldest first: each counts one more try
    /// and is not due again until `lease` has passed (a daemon killed mid-try leaves it due
    /// then). Drops delivered rows older than a week.
    ///
    /// A delivery is never further away than `horizon` (the longest wait between tries): one
    /// due later than that was scheduled by a clock that has since gone back, and is due now,
    /// so a clock that jumped ahead and back does not push a delivery days out.
    package func claimNotifications(at now: Date, lease: Duration, limit: Int, horizon: Duration) throws -> [ClaimedNotification] {
        let time = now.millisecondsSince1970
        // Locked as they are read, passing over those another daemon is claiming: each is claimed once.
        let due = try fetchAll(
            OutboxRecord.self, Q.dueSQL + dialect.lockSkippingLocked, [time, time, max(horizon, lease).wholeMilliseconds, limit])
        var claimed: [ClaimedNotification] = []
        for outbox in due {
            guard let id = outbox.id,
                  let subscription = try fetchOne(SubscriptionRecord.self, Q.subscriptionByIDSQL, [outbox.subscriptionId])
            else { continue }
            try execute(Q.claimSQL, [time + lease.wholeMilliseconds, id])
            guard let kind = NotificationEventKind(rawValue: outbox.eventKind),
                  let channel = NotificationChannel(rawValue: subscription.channel)
            else { continue }
            let details = (try? JSONText.decode([String: String].self, from: outbox.details)) ?? [:]
            claimed.append(ClaimedNotification(
                outboxID: id, deliveryID: outbox.deliveryId, subscriptionID: outbox.subscriptionId, attempt: outbox.attempts + 1,
                event: NotificationEvent(
                    kind: kind, profile: outbox.profileName, occurredAt: Date(millisecondsSince1970: outbox.occurredAt),
                    details: details, auditID: outbox.auditId),
                channel: channel, url: subscription.url, secretBox: subscription.secretBox, title: subscription.title,
                priority: subscription.priority, click: subscription.click))
        }
        try execute(Q.dropDeliveredSQL, [time - Q.keepDelivered.wholeMilliseconds])
        return claimed
    }

    /// Records that the delivery `outboxID` of subscription `subscriptionID` arrived.
    package func recordNotificationDelivered(_ outboxID: Int64, subscription subscriptionID: Int64, at now: Date) throws {
        let time = now.millisecondsSince1970
        try execute(Q.deliveredSQL, [time, outboxID])
        try execute(Q.subscriptionDeliveredSQL, [time, subscriptionID])
    }

    /// Records that a try of delivery `outboxID` failed with `error`, and when to try again.
    package func recordNotificationFailed(
        _ outboxID: Int64, subscription subscriptionID: Int64, error: String, retryAt: Date, at now: Date
    ) throws {
        let error = error.isEmpty ? "failed" : String(error.prefix(500))
        try execute(Q.failedSQL, [retryAt.millisecondsSince1970, error, outboxID])
        try execute(Q.subscriptionFailedSQL, [now.millisecondsSince1970, error, subscriptionID])
    }

    /// When the next delivery not made yet is due; `nil` when there is none.
    package func nextNotificationDue() throws -> Date? {
        try fetchOne(SingleValue.self, Q.nextDueSQL, [])?.value.flatMap { Int64.fromDatabaseValue($0) }
            .map(Date.init(millisecondsSince1970:))
    }
}
