import Foundation
import GateCore
import GRDB

/// A row of `parent_requests`: a child's request that a parent open the gate.
struct ParentRequestRecord {
    var id: Int64?
    var handleHash: Data
    var profileId: Int64
    var client: String?
    var createdAt: Int64
    var expiresAt: Int64
    var status: String = ParentRequest.Status.pending.rawValue
    var decidedAt: Int64?
    var decidedBy: String?
    var sessionId: Int64?
    var sessionBox: Data?
    var pickedUpAt: Int64?
    var account: String?
}

// MARK: - Database

extension ParentRequestRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "parent_requests"
    static let insertSQL = insertStatement()

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, handleHash = "handle_hash", profileId = "profile_id", client, createdAt = "created_at"
        case expiresAt = "expires_at", status, decidedAt = "decided_at", decidedBy = "decided_by"
        case sessionId = "session_id", sessionBox = "session_box", pickedUpAt = "picked_up_at", account
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        handleHash = try row[Columns.handleHash]
        profileId = try row[Columns.profileId]
        client = try row[Columns.client]
        createdAt = try row[Columns.createdAt]
        expiresAt = try row[Columns.expiresAt]
        status = try row[Columns.status]
        decidedAt = try row[Columns.decidedAt]
        decidedBy = try row[Columns.decidedBy]
        sessionId = try row[Columns.sessionId]
        sessionBox = try row[Columns.sessionBox]
        pickedUpAt = try row[Columns.pickedUpAt]
        account = try row[Columns.account]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .handleHash: handleHash
        case .profileId: profileId
        case .client: client
        case .createdAt: createdAt
        case .expiresAt: expiresAt
        case .status: status
        case .decidedAt: decidedAt
        case .decidedBy: decidedBy
        case .sessionId: sessionId
        case .sessionBox: sessionBox
        case .pickedUpAt: pickedUpAt
        case .account: account
        }
    }

    /// The request as the library shows it, with its profile's `name` and `displayName`.
    func request(profile name: String, displayName: String) throws -> ParentRequest {
        guard let id, let status = ParentRequest.Status(rawValue: status) else {
            throw StoreError.constraint("a request row without a number or with an unknown status")
        }
        return ParentRequest(
            id: id, profile: name, displayName: displayName, client: client, account: account,
            createdAt: Date(millisecondsSince1970: createdAt), expiresAt: Date(millisecondsSince1970: expiresAt),
            status: status, decidedAt: decidedAt.map(Date.init(millisecondsSince1970:)), decidedBy: decidedBy,
            isPickedUp: pickedUpAt != nil)
    }
}
