import GRDB

/// A row of `notification_subscription_events`: one kind of event a subscription is told about.
struct SubscriptionEventRecord {
    var subscriptionId: Int64
    var eventKind: String
}

// MARK: - Database

extension SubscriptionEventRecord: ColumnsRecord {
    static let databaseTableName = "notification_subscription_events"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case subscriptionId = "subscription_id", eventKind = "event_kind"
    }

    init(row: Row) throws {
        subscriptionId = row[Columns.subscriptionId]
        eventKind = row[Columns.eventKind]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .subscriptionId: subscriptionId
        case .eventKind: eventKind
        }
    }
}
