import Foundation
import GateCore
import GRDB

/// A row of `notification_subscriptions`: where a parent is told, and how delivery went.
struct SubscriptionRecord {
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
    static let databaseTableName = "notification_subscriptions"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, profileId = "profile_id", channel, url, secretBox = "secret_box", secretFingerprint = "secret_fingerprint"
        case title, priority, click, createdAt = "created_at", createdBy = "created_by"
        case lastDeliveredAt = "last_delivered_at", lastFailedAt = "last_failed_at", lastError = "last_error"
    }

    init(row: Row) throws {
        id = row[Columns.id]
        profileId = row[Columns.profileId]
        channel = row[Columns.channel]
        url = row[Columns.url]
        secretBox = row[Columns.secretBox]
        secretFingerprint = row[Columns.secretFingerprint]
        title = row[Columns.title]
        priority = row[Columns.priority]
        click = row[Columns.click]
        createdAt = row[Columns.createdAt]
        createdBy = row[Columns.createdBy]
        lastDeliveredAt = row[Columns.lastDeliveredAt]
        lastFailedAt = row[Columns.lastFailedAt]
        lastError = row[Columns.lastError]
    }

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
