import GRDB

/// A row of `notification_outbox`: one event to deliver to one subscription, until it arrives.
struct OutboxRecord {
    var id: Int64?
    var deliveryId: String
    var subscriptionId: Int64
    var auditId: Int64
    var eventKind: String
    var profileName: String?
    var occurredAt: Int64
    /// The event's facts, a JSON object of strings.
    var details: String
    var attempts: Int
    var nextAttemptAt: Int64
    var deliveredAt: Int64?
    var lastError: String?
    /// The request a `request` event's delivery is bound to.
    var requestId: Int64?
}

// MARK: - Database

extension OutboxRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "notification_outbox"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, deliveryId = "delivery_id", subscriptionId = "subscription_id", auditId = "audit_id", eventKind = "event_kind"
        case profileName = "profile_name", occurredAt = "occurred_at", details, attempts, nextAttemptAt = "next_attempt_at"
        case deliveredAt = "delivered_at", lastError = "last_error", requestId = "request_id"
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        deliveryId = try row[Columns.deliveryId]
        subscriptionId = try row[Columns.subscriptionId]
        auditId = try row[Columns.auditId]
        eventKind = try row[Columns.eventKind]
        profileName = try row[Columns.profileName]
        occurredAt = try row[Columns.occurredAt]
        details = try row[Columns.details]
        attempts = try row[Columns.attempts]
        nextAttemptAt = try row[Columns.nextAttemptAt]
        deliveredAt = try row[Columns.deliveredAt]
        lastError = try row[Columns.lastError]
        requestId = try row[Columns.requestId]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .deliveryId: deliveryId
        case .subscriptionId: subscriptionId
        case .auditId: auditId
        case .eventKind: eventKind
        case .profileName: profileName
        case .occurredAt: occurredAt
        case .details: details
        case .attempts: attempts
        case .nextAttemptAt: nextAttemptAt
        case .deliveredAt: deliveredAt
        case .lastError: lastError
        case .requestId: requestId
        }
    }
}
