import GRDB

/// A row of `notification_subscription_events`: one kind of event a subscription is told about.
struct SubscriptionEventRecord: Codable {
    var subscriptionId: Int64
    var eventKind: String
}

// MARK: - Database

extension SubscriptionEventRecord: ColumnsRecord {
    static let insertSQL = insertStatement()

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .subscriptionId: subscriptionId
        case .eventKind: eventKind
        }
    }
}

extension SubscriptionEventRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "notification_subscription_events"

    /// The table's columns, which are also the record's coding keys.
    enum Columns: String, CaseIterable, CodingKey, ColumnExpression {
        case subscriptionId = "subscription_id", eventKind = "event_kind"
    }

    typealias CodingKeys = Columns
}
