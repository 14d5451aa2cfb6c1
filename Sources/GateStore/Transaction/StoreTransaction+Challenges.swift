import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// A page of the recorded attempts matching `filter`, newest first, at most `limit` of
    /// them, starting after `cursor`.
    package func attempts(_ filter: AttemptFilter, limit: Int, after cursor: PageCursor<Attempt>?) throws -> Page<Attempt> {
        typealias Columns = AttemptRecord.Columns
        var request = AttemptRecord.all()
        if let profileID = filter.profileID { request = request.filter { $0.profileId == profileID } }
        if let since = filter.since?.millisecondsSince1970 { request = request.filter { $0.answeredAt >= since } }
        if let until = filter.until?.millisecondsSince1970 { request = request.filter { $0.answeredAt < until } }
        if let outcomes = filter.outcomes?.map(\.rawValue).sorted() { request = request.filter { outcomes.contains($0.outcome) } }
        if let cursor {
            request = request.filter(literal: "(\(Columns.answeredAt), \(Columns.id)) < (\(cursor.time ?? Int64.max), \(cursor.id))")
        }
        let records = try request.order(Columns.answeredAt.desc, Columns.id.desc).limit(max(0, limit) + 1).fetchAll(db)
        let attempts = try records.prefix(max(0, limit)).map { try $0.attempt() }
        let next = records.count > limit ? attempts.last.map { PageCursor<Attempt>(id: $0.id, time: $0.answeredAt.millisecondsSince1970) } : nil
        return Page(items: attempts, next: next)
    }
}
