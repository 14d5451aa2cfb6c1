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
        try SubscriptionRecord(
            profileId: profile?.id, channel: settings.channel.rawValue, url: settings.url.value, secretBox: secret?.box,
            secretFingerprint: secret?.fingerprint, title: settings.title, priority: settings.priority, click: settings.click?.value,
            createdAt: now.millisecondsSince1970, createdBy: actor.value
        ).insert(db)
        let id = db.lastInsertedRowID
        for kind in settings.events {
            try SubscriptionEventRecord(subscriptionId: id, eventKind: kind.rawValue).insert(db)
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
        try Row.fetchAll(db, sql: Self.subscriptionSQL + " ORDER BY s.\(S.id.name)").map(Self.subscription)
    }

    /// The subscription with id `id`, or ``StoreError/notificationNotFound(_:)``.
    package func requireNotification(_ id: Int64) throws -> NotificationSubscription {
        guard let row = try Row.fetchOne(db, sql: Self.subscriptionSQL + " WHERE s.\(S.id.name) = ?", arguments: [id]) else {
            throw StoreError.notificationNotFound(id)
        }
        return try Self.subscription(row)
    }

    /// Removes subscription `id` with its deliveries not made yet, and audits it; returns it as it was.
    package func removeNotification(_ id: Int64, by actor: Label, at now: Date) throws -> NotificationSubscription {
        let subscription = try requireNotification(id)
        try SubscriptionRecord.filter { $0.id == id }.deleteAll(db)
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
        } else if try SubscriptionRecord.all().isEmpty(db) {
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
    package func queueNotifications(_ event: NotificationEvent, profileID: Int64?, only subscription: Int64?) throws -> Int {
        let time = event.occurredAt.millisecondsSince1970
        // A request's deliveries are bound to it: their approval links lead to it alone, and go with it.
        let request = event.kind == .request ? event.details["request"].flatMap { Int64($0) } : nil
        let common: StatementArguments = [
            event.auditID, event.kind.rawValue, event.profile, time, JSONText.encode(event.details), time, request,
        ]
        let queued: Int
        if event.kind == .test {
            queued = try execute(cached: Self.queueTestSQL, arguments: common + [subscription, subscription])
        } else {
            queued = try execute(cached: Self.queueEventSQL, arguments: common + [profileID, event.kind.rawValue])
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
            db.cachedStatement(sql: Self.dueSQL), arguments: [time, limit, max(horizon, lease).wholeMilliseconds], adapter: Self.dueScopes)
        var claimed: [ClaimedNotification] = []
        for row in rows {
            guard let outboxRow = row.scopes["outbox"], let subscriptionRow = row.scopes["subscription"] else { continue }
            let outbox = try OutboxRecord(row: outboxRow)
            let subscription = try SubscriptionRecord(row: subscriptionRow)
            guard let id = outbox.id else { continue }
            try execute(cached: Self.claimSQL, arguments: [time + lease.wholeMilliseconds, id])
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
        try execute(cached: Self.dropDeliveredSQL, arguments: [time - Self.keepDelivered.wholeMilliseconds])
        return claimed
    }

    /// How long a delivered row stays in the outbox.
    static let keepDelivered = Duration.seconds(7 * 24 * 3600)

    /// Records that the delivery `outboxID` of subscription `subscriptionID` arrived.
    package func recordNotificationDelivered(_ outboxID: Int64, subscription subscriptionID: Int64, at now: Date) throws {
        let time = now.millisecondsSince1970
        try execute(cached: Self.deliveredSQL, arguments: [time, outboxID])
        try execute(cached: Self.subscriptionDeliveredSQL, arguments: [time, subscriptionID])
    }

    /// Records that a try of delivery `outboxID` failed with `error`, and when to try again.
    package func recordNotificationFailed(
        _ outboxID: Int64, subscription subscriptionID: Int64, error: String, retryAt: Date, at now: Date
    ) throws {
        let error = error.isEmpty ? "failed" : String(error.prefix(500))
        try execute(cached: Self.failedSQL, arguments: [retryAt.millisecondsSince1970, error, outboxID])
        try execute(cached: Self.subscriptionFailedSQL, arguments: [now.millisecondsSince1970, error, subscriptionID])
    }

    /// When the next delivery not made yet is due; `nil` when there is none.
    package func nextNotificationDue() throws -> Date? {
        try Int64.fetchOne(db.cachedStatement(sql: Self.nextDueSQL)).map(Date.init(millisecondsSince1970:))
    }

    // The statements below are built once from the column declarations (`S`: a subscription,
    // `E`: its event kinds, `O`: the outbox, `P`: a profile), and cached per connection where
    // every gate event or the deliverer's loop runs them.

    private typealias S = SubscriptionRecord.Columns
    private typealias E = SubscriptionEventRecord.Columns
    private typealias O = OutboxRecord.Columns
    private typealias P = ProfileRecord.Columns

    /// A subscription with its profile's name, the kinds it is told about and its deliveries not made yet.
    private static let subscriptionSQL = """
        SELECT s.*, p.\(P.name.name) AS profile_name,
               (SELECT group_concat(e.\(E.eventKind.name)) FROM \(SubscriptionEventRecord.databaseTableName) e
                WHERE e.\(E.subscriptionId.name) = s.\(S.id.name)) AS events,
               (SELECT count(*) FROM \(OutboxRecord.databaseTableName) o
                WHERE o.\(O.subscriptionId.name) = s.\(S.id.name) AND o.\(O.deliveredAt.name) IS NULL) AS pending
        FROM \(SubscriptionRecord.databaseTableName) s LEFT JOIN \(ProfileRecord.databaseTableName) p ON p.\(P.id.name) = s.\(S.profileId.name)
        """

    /// An event's delivery to every subscription the query's end selects: a fresh delivery id
    /// each, then (the audit record, kind, profile, time, details, due time, request).
    private static let queueSQL = """
        INSERT INTO \(OutboxRecord.databaseTableName)
            (\([O.deliveryId, O.subscriptionId, O.auditId, O.eventKind, O.profileName, O.occurredAt, O.details, O.nextAttemptAt,
                O.requestId].map(\.name).joined(separator: ", ")))
        SELECT lower(hex(randomblob(16))), s.\(S.id.name), ?, ?, ?, ?, ?, ?, ? FROM \(SubscriptionRecord.databaseTableName) s
        """
    /// A test: to subscription ?, or every one when that is NULL.
    private static let queueTestSQL = queueSQL + " WHERE ? IS NULL OR s.\(S.id.name) = ?"
    /// An event: to the subscriptions of its profile (?) or of every profile, subscribed to its kind (?).
    private static let queueEventSQL = queueSQL + """
         WHERE (s.\(S.profileId.name) IS NULL OR s.\(S.profileId.name) = ?)
        AND EXISTS (SELECT 1 FROM \(SubscriptionEventRecord.databaseTableName) e
                    WHERE e.\(E.subscriptionId.name) = s.\(S.id.name) AND e.\(E.eventKind.name) = ?)
        """

    /// Up to ?2 deliveries due at ?1 (or scheduled beyond the horizon ?3), oldest first: every
    /// column of the delivery (the `outbox` scope), then of its subscription (`subscription`).
    private static let dueSQL = """
        SELECT \(O.allCases.map { "o.\($0.name)" }.joined(separator: ", ")), \(S.allCases.map { "s.\($0.name)" }.joined(separator: ", "))
        FROM \(OutboxRecord.databaseTableName) o JOIN \(SubscriptionRecord.databaseTableName) s ON s.\(S.id.name) = o.\(O.subscriptionId.name)
        WHERE o.\(O.deliveredAt.name) IS NULL AND (o.\(O.nextAttemptAt.name) <= ?1 OR o.\(O.nextAttemptAt.name) > ?1 + ?3)
        ORDER BY o.\(O.nextAttemptAt.name), o.\(O.id.name) LIMIT ?2
        """
    private static let outbox = OutboxRecord.databaseTableName
    private static let subscriptions = SubscriptionRecord.databaseTableName
    /// Delivered rows older than ?.
    private static let dropDeliveredSQL =
        "DELETE FROM \(outbox) WHERE \(O.deliveredAt.name) IS NOT NULL AND \(O.deliveredAt.name) < ?"
    /// Delivery ? (second) arrived at ? (first), if it had not already.
    private static let deliveredSQL = """
        UPDATE \(outbox) SET \(O.deliveredAt.name) = ?, \(O.lastError.name) = NULL
        WHERE \(O.id.name) = ? AND \(O.deliveredAt.name) IS NULL
        """
    /// A try of delivery ? (third) failed with ? (second): due again at ? (first), if not delivered.
    private static let failedSQL = """
        UPDATE \(outbox) SET \(O.nextAttemptAt.name) = ?, \(O.lastError.name) = ?
        WHERE \(O.id.name) = ? AND \(O.deliveredAt.name) IS NULL
        """
    private static let subscriptionDeliveredSQL =
        "UPDATE \(subscriptions) SET \(S.lastDeliveredAt.name) = ? WHERE \(S.id.name) = ?"
    private static let subscriptionFailedSQL =
        "UPDATE \(subscriptions) SET \(S.lastFailedAt.name) = ?, \(S.lastError.name) = ? WHERE \(S.id.name) = ?"
    /// When the next delivery not made yet is due.
    private static let nextDueSQL = "SELECT min(\(O.nextAttemptAt.name)) FROM \(outbox) WHERE \(O.deliveredAt.name) IS NULL"

    private static let dueScopes: any RowAdapter = {
        let split = splittingRowAdapters(columnCounts: [O.allCases.count, S.allCases.count])
        return ScopeAdapter(["outbox": split[0], "subscription": split[1]])
    }()
    /// One more try of delivery ?2, not due again before ?1.
    private static let claimSQL = """
        UPDATE \(OutboxRecord.databaseTableName) SET \(O.attempts.name) = \(O.attempts.name) + 1, \(O.nextAttemptAt.name) = ?
        WHERE \(O.id.name) = ?
        """

    private static func subscription(_ row: Row) throws -> NotificationSubscription {
        let record = try SubscriptionRecord(row: row)
        guard let id = record.id, let channel = NotificationChannel(rawValue: record.channel) else {
            throw StoreError.constraint("a subscription without an id or with an unknown channel")
        }
        let kinds = Set(((row["events"] as String?) ?? "").split(separator: ",").compactMap { NotificationEventKind(rawValue: String($0)) })
        return NotificationSubscription(
            id: id, channel: channel, url: record.url, profile: row["profile_name"],
            events: NotificationEventKind.subscribable.filter(kinds.contains), secretFingerprint: record.secretFingerprint,
            title: record.title, priority: record.priority, click: record.click,
            createdAt: Date(millisecondsSince1970: record.createdAt), createdBy: record.createdBy, pending: row["pending"],
            lastDeliveredAt: record.lastDeliveredAt.map(Date.init(millisecondsSince1970:)),
            lastFailedAt: record.lastFailedAt.map(Date.init(millisecondsSince1970:)), lastError: record.lastError)
    }
}
