import Foundation
import GateCore
import GRDB

/// The statements of subscriptions and the outbox, built once from the column declarations
/// (`S`: a subscription, `E`: its event kinds, `O`: the outbox, `P`: a profile), in SQL both
/// backends take; what they spell differently comes from ``SQLDialect``.
enum NotificationStatements {
    typealias S = SubscriptionRecord.Columns
    typealias E = SubscriptionEventRecord.Columns
    typealias O = OutboxRecord.Columns
    typealias P = ProfileRecord.Columns

    static let outbox = OutboxRecord.databaseTableName
    static let subscriptions = SubscriptionRecord.databaseTableName

    /// How long a delivered row stays in the outbox.
    static let keepDelivered = Duration.seconds(7 * 24 * 3600)

    /// A subscription with its profile's name, the kinds it is told about and its deliveries not made yet.
    static func subscriptionSQL(_ dialect: SQLDialect) -> String {
        """
        SELECT s.*, p.\(P.name.name) AS profile_name,
               (SELECT \(dialect.groupConcat("e.\(E.eventKind.name)")) FROM \(SubscriptionEventRecord.databaseTableName) e
                WHERE e.\(E.subscriptionId.name) = s.\(S.id.name)) AS events,
               (SELECT count(*) FROM \(outbox) o
                WHERE o.\(O.subscriptionId.name) = s.\(S.id.name) AND o.\(O.deliveredAt.name) IS NULL) AS pending
        FROM \(subscriptions) s LEFT JOIN \(ProfileRecord.databaseTableName) p ON p.\(P.id.name) = s.\(S.profileId.name)
        """
    }

    /// A subscription's row.
    static let subscriptionByIDSQL = "SELECT * FROM \(subscriptions) WHERE \(S.id.name) = ?"
    /// A subscription gone, with its deliveries not made yet (`ON DELETE CASCADE`).
    static let deleteSQL = "DELETE FROM \(subscriptions) WHERE \(S.id.name) = ?"
    /// How many subscriptions there are.
    static let countSQL = "SELECT count(*) FROM \(subscriptions)"

    /// An event's delivery to every subscription the query's end selects: a fresh delivery id
    /// each, then (the audit record, kind, profile, time, details, due time, request).
    static func queueSQL(_ dialect: SQLDialect) -> String {
        """
        INSERT INTO \(outbox)
            (\([O.deliveryId, O.subscriptionId, O.auditId, O.eventKind, O.profileName, O.occurredAt, O.details, O.nextAttemptAt,
                O.requestId].map(\.name).joined(separator: ", ")))
        SELECT \(dialect.randomHex32), s.\(S.id.name), ?, ?, ?, ?, ?, ?, ? FROM \(subscriptions) s
        """
    }

    /// A test: to subscription ?, or every one when that is NULL.
    static func queueTestSQL(_ dialect: SQLDialect) -> String {
        queueSQL(dialect) + " WHERE CAST(? AS BIGINT) IS NULL OR s.\(S.id.name) = ?"
    }

    /// An event: to the subscriptions of its profile (?) or of every profile, subscribed to its kind (?).
    static func queueEventSQL(_ dialect: SQLDialect) -> String {
        queueSQL(dialect) + """
             WHERE (s.\(S.profileId.name) IS NULL OR s.\(S.profileId.name) = ?)
            AND EXISTS (SELECT 1 FROM \(SubscriptionEventRecord.databaseTableName) e
                        WHERE e.\(E.subscriptionId.name) = s.\(S.id.name) AND e.\(E.eventKind.name) = ?)
            """
    }

    /// Deliveries not made yet, due at ? (or scheduled beyond ? plus the horizon ?), oldest
    /// first, at most ?.
    static let dueSQL = """
        SELECT * FROM \(outbox)
        WHERE \(O.deliveredAt.name) IS NULL
          AND (\(O.nextAttemptAt.name) <= ? OR \(O.nextAttemptAt.name) > CAST(? AS BIGINT) + CAST(? AS BIGINT))
        ORDER BY \(O.nextAttemptAt.name), \(O.id.name) LIMIT ?
        """
    /// Delivered rows older than ?.
    static let dropDeliveredSQL =
        "DELETE FROM \(outbox) WHERE \(O.deliveredAt.name) IS NOT NULL AND \(O.deliveredAt.name) < ?"
    /// Delivery ? (second) arrived at ? (first), if it had not already.
    static let deliveredSQL = """
        UPDATE \(outbox) SET \(O.deliveredAt.name) = ?, \(O.lastError.name) = NULL
        WHERE \(O.id.name) = ? AND \(O.deliveredAt.name) IS NULL
        """
    /// A try of delivery ? (third) failed with ? (second): due again at ? (first), if not delivered.
    static let failedSQL = """
        UPDATE \(outbox) SET \(O.nextAttemptAt.name) = ?, \(O.lastError.name) = ?
        WHERE \(O.id.name) = ? AND \(O.deliveredAt.name) IS NULL
        """
    static let subscriptionDeliveredSQL =
        "UPDATE \(subscriptions) SET \(S.lastDeliveredAt.name) = ? WHERE \(S.id.name) = ?"
    static let subscriptionFailedSQL =
        "UPDATE \(subscriptions) SET \(S.lastFailedAt.name) = ?, \(S.lastError.name) = ? WHERE \(S.id.name) = ?"
    /// When the next delivery not made yet is due.
    static let nextDueSQL = "SELECT min(\(O.nextAttemptAt.name)) FROM \(outbox) WHERE \(O.deliveredAt.name) IS NULL"
    /// One more try of delivery ? (second), not due again before ? (first).
    static let claimSQL = """
        UPDATE \(outbox) SET \(O.attempts.name) = \(O.attempts.name) + 1, \(O.nextAttemptAt.name) = ?
        WHERE \(O.id.name) = ?
        """
}

/// A row of ``NotificationStatements/subscriptionSQL(_:)``: a subscription as it is shown.
struct SubscriptionRow: FetchableRecord {
    var subscription: NotificationSubscription

    init(row: Row) throws {
        let record = try SubscriptionRecord(row: row)
        guard let id = record.id, let channel = NotificationChannel(rawValue: record.channel) else {
            throw StoreError.constraint("a subscription without an id or with an unknown channel")
        }
        let kinds = Set(((row["events"] as String?) ?? "").split(separator: ",").compactMap { NotificationEventKind(rawValue: String($0)) })
        subscription = NotificationSubscription(
            id: id, channel: channel, url: record.url, profile: row["profile_name"],
            events: NotificationEventKind.subscribable.filter(kinds.contains), secretFingerprint: record.secretFingerprint,
            title: record.title, priority: record.priority, click: record.click,
            createdAt: Date(millisecondsSince1970: record.createdAt), createdBy: record.createdBy, pending: row["pending"],
            lastDeliveredAt: record.lastDeliveredAt.map(Date.init(millisecondsSince1970:)),
            lastFailedAt: record.lastFailedAt.map(Date.init(millisecondsSince1970:)), lastError: record.lastError)
    }
}
