import Foundation
import GateCore
import GRDB

/// A row of `notification_subscriptions`: where a parent is told, and how delivery went.
struct SubscriptionRecord: Codable {
    var id: Int64?
    var profileId: Int64?
    var channel: String
    var url: String
    var secretBox: Data?
    var secretFingerprint: String?
    var title: String?
    var priority: Int?
    var click: String?
    var createdAt: Int64
    var createdBy: String
    var lastDeliveredAt: Int64?
    var lastFailedAt: Int64?
    var lastError: String?
}

// MARK: - Database

extension SubscriptionRecord: ColumnsRecord {
    static let insertSQL = insertStatement()

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .profileId: profileId
        case .channel: channel
        case .url: url
        case .secretBox: secretBox
        case .secretFingerprint: secretFingerprint
        case .title: title
        case .priority: priority
        case .click: click
        case .createdAt: createdAt
        case .createdBy: createdBy
        case .lastDeliveredAt: lastDeliveredAt
        case .lastFailedAt: lastFailedAt
        case .lastError: lastError
        }
    }
}

extension SubscriptionRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "notification_subscriptions"

    /// The table's columns, which are also the record's coding keys.
    enum Columns: String, CaseIterable, CodingKey, ColumnExpression {
        case id, profileId = "profile_id", channel, url, secretBox = "secret_box", secretFingerprint = "secret_fingerprint"
        case title, priority, click, createdAt = "created_at", createdBy = "created_by"
        case lastDeliveredAt = "last_delivered_at", lastFailedAt = "last_failed_at", lastError = "last_error"
    }

    typealias CodingKeys = Columns
}
