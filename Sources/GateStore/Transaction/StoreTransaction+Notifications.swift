import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Stores a new subscription (a webhook with its sealed secret) and audits it; the audit
    /// record names the URL's origin and the secret's fingerprint, never the URL's path or the secret.
    package func addNotification(
        _ settings: NotificationSettings, secret: SealedSecret?, by actor: Label, at now: Date
    ) throws -> NotificationSubscription {
        let profile = try settings.profile.map { try requireProfile(named: $0) }
        guard (settings.channel == .webhook) == (secret != nil) else {
            throw StoreError.constraint("a webhook, and only a webhook, has a secret")
        }
        try execute(
            cached: """
                INSERT INTO notification_subscriptions
                    (profile_id, channel, url, secret_box, secret_fingerprint, title, priority, click, created_at, created_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                profile?.id, settings.channel.rawValue, settings.url.value, secret?.box, secret?.fingerprint, settings.title,
                settings.priority, settings.click?.value, now.millisecondsSince1970, actor.value,
            ])
        let id = db.lastInsertedRowID
        for kind in settings.events {
            try execute(
                cached: "INSERT INTO notification_subscription_events (subscription_id, event_kind) VALUES (?, ?)",
                arguments: [id, kind.rawValue])
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
        try Row.fetchAll(db, sql: Self.subscriptionQuery + " ORDER BY s.id").map(Self.subscription)
    }

    /// The subscription with id `id`, or ``StoreError/notificationNotFound(_:)``.
    package func requireNotification(_ id: Int64) throws -> NotificationSubscription {
        guard let row = try Row.fetchOne(db, sql: Self.subscriptionQuery + " WHERE s.id = ?", arguments: [id]) else {
            throw StoreError.notificationNotFound(id)
        }
        return try Self.subscription(row)
    }

    /// Removes subscription `id` with its deliveries not made yet, and audits it; returns it as it was.
    package func removeNotification(_ id: Int64, by actor: Label, at now: Date) throws -> NotificationSubscription {
        let subscription = try requireNotification(id)
        try execute(cached: "DELETE FROM notification_subscriptions WHERE id = ?", arguments: [id])
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
        } else if try Int.fetchOne(db, sql: "SELECT count(*) FROM notification_subscriptions") == 0 {
            throw StoreError.notificationNotFound(nil)
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
    func queueNotifications(_ event: NotificationEvent, profileID: Int64?, only subscription: Int64? = nil) throws -> Int {
        let values = """
            INSERT INTO notification_outbox
                (delivery_id, subscription_id, audit_id, event_kind, profile_name, occurred_at, details, next_attempt_at, request_id)
            SELECT lower(hex(randomblob(16))), s.id, ?, ?, ?, ?, ?, ?, ? FROM notification_subscriptions s
            """
        let time = event.occurredAt.millisecondsSince1970
        // A request's deliveries are bound to it: their approval links lead to it alone, and go with it.
        let request = event.kind == .request ? event.details["request"].flatMap { Int64($0) } : nil
        let common: StatementArguments = [
            event.auditID, event.kind.rawValue, event.profile, time, JSONText.encode(event.details), time, request,
        ]
        let queued: Int
        if event.kind == .test {
            queued = try execute(cached: values + " WHERE ? IS NULL OR s.id = ?", arguments: common + [subscription, subscription])
        } else {
            queued = try execute(
                cached: values + """
                     WHERE (s.profile_id IS NULL OR s.profile_id = ?)
                    AND EXISTS (SELECT 1 FROM notification_subscription_events e WHERE e.subscription_id = s.id AND e.event_kind = ?)
                    """,
                arguments: common + [profileID, event.kind.rawValue])
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
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT o.id, o.delivery_id, o.subscription_id, o.audit_id, o.event_kind, o.profile_name, o.occurred_at,
                       o.details, o.attempts, s.channel, s.url, s.secret_box, s.title, s.priority, s.click
                FROM notification_outbox o JOIN notification_subscriptions s ON s.id = o.subscription_id
                WHERE o.delivered_at IS NULL AND (o.next_attempt_at <= ?1 OR o.next_attempt_at > ?1 + ?3)
                ORDER BY o.next_attempt_at, o.id LIMIT ?2
                """),
            arguments: [time, limit, max(horizon, lease).wholeMilliseconds])
        var claimed: [ClaimedNotification] = []
        for row in rows {
            let id: Int64 = row["id"]
            try execute(
                cached: "UPDATE notification_outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?",
                arguments: [time + lease.wholeMilliseconds, id])
            guard let kind = NotificationEventKind(rawValue: row["event_kind"]),
                  let channel = NotificationChannel(rawValue: row["channel"])
            else { continue }
            let details = (try? JSONText.decode([String: String].self, from: row["details"])) ?? [:]
            claimed.append(ClaimedNotification(
                outboxID: id, deliveryID: row["delivery_id"], subscriptionID: row["subscription_id"],
                attempt: (row["attempts"] as Int) + 1,
                event: NotificationEvent(
                    kind: kind, profile: row["profile_name"], occurredAt: Date(millisecondsSince1970: row["occurred_at"]),
                    details: details, auditID: row["audit_id"]),
                channel: channel, url: row["url"], secretBox: row["secret_box"], title: row["title"],
                priority: row["priority"], click: row["click"]))
        }
        try execute(
            cached: "DELETE FROM notification_outbox WHERE delivered_at IS NOT NULL AND delivered_at < ?",
            arguments: [time - Self.keepDelivered.wholeMilliseconds])
        return claimed
    }

    /// How long a delivered row stays in the outbox.
    static let keepDelivered = Duration.seconds(7 * 24 * 3600)

    /// Records that the delivery `outboxID` of subscription `subscriptionID` arrived.
    package func recordNotificationDelivered(_ outboxID: Int64, subscription subscriptionID: Int64, at now: Date) throws {
        let time = now.millisecondsSince1970
        try execute(
            cached: "UPDATE notification_outbox SET delivered_at = ?, last_error = NULL WHERE id = ? AND delivered_at IS NULL",
            arguments: [time, outboxID])
        try execute(
            cached: "UPDATE notification_subscriptions SET last_delivered_at = ? WHERE id = ?", arguments: [time, subscriptionID])
    }

    /// Records that a try of delivery `outboxID` failed with `error`, and when to try again.
    package func recordNotificationFailed(
        _ outboxID: Int64, subscription subscriptionID: Int64, error: String, retryAt: Date, at now: Date
    ) throws {
        let error = error.isEmpty ? "failed" : String(error.prefix(500))
        try execute(
            cached: "UPDATE notification_outbox SET next_attempt_at = ?, last_error = ? WHERE id = ? AND delivered_at IS NULL",
            arguments: [retryAt.millisecondsSince1970, error, outboxID])
        try execute(
            cached: "UPDATE notification_subscriptions SET last_failed_at = ?, last_error = ? WHERE id = ?",
            arguments: [now.millisecondsSince1970, error, subscriptionID])
    }

    /// When the next delivery not made yet is due; `nil` when there is none.
    package func nextNotificationDue() throws -> Date? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT min(next_attempt_at) FROM notification_outbox WHERE delivered_at IS NULL")
        ).map(Date.init(millisecondsSince1970:))
    }

    private static let subscriptionQuery = """
        SELECT s.*, p.name AS profile_name,
               (SELECT group_concat(e.event_kind) FROM notification_subscription_events e WHERE e.subscription_id = s.id) AS events,
               (SELECT count(*) FROM notification_outbox o WHERE o.subscription_id = s.id AND o.delivered_at IS NULL) AS pending
        FROM notification_subscriptions s LEFT JOIN profiles p ON p.id = s.profile_id
        """

    private static func subscription(_ row: Row) throws -> NotificationSubscription {
        guard let channel = NotificationChannel(rawValue: row["channel"]) else {
            throw StoreError.constraint("unknown notification channel")
        }
        let kinds = Set(((row["events"] as String?) ?? "").split(separator: ",").compactMap { NotificationEventKind(rawValue: String($0)) })
        let date = { (column: String) -> Date? in (row[column] as Int64?).map(Date.init(millisecondsSince1970:)) }
        return NotificationSubscription(
            id: row["id"], channel: channel, url: row["url"], profile: row["profile_name"],
            events: NotificationEventKind.subscribable.filter(kinds.contains), secretFingerprint: row["secret_fingerprint"],
            title: row["title"], priority: row["priority"], click: row["click"],
            createdAt: Date(millisecondsSince1970: row["created_at"]), createdBy: row["created_by"], pending: row["pending"],
            lastDeliveredAt: date("last_delivered_at"), lastFailedAt: date("last_failed_at"), lastError: row["last_error"])
    }
}
