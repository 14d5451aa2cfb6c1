import Foundation
import GateCore
import GateStore

extension Gate {
    /// The most items one page of ``auditEntries(_:order:limit:after:)`` or
    /// ``attempts(_:limit:after:)`` holds.
    public static let maximumPageSize = 10_000

    /// A page of the audit entries matching `filter`: at most `limit` (1 to
    /// ``maximumPageSize``) of them, in `order`, after `cursor` (the previous page's
    /// ``Page/next``; `nil` for the first page).
    ///
    /// A repeated refusal or replay is one entry with its count and last time.
    public func auditEntries(
        _ filter: AuditFilter = AuditFilter(), order: PageOrder = .oldestFirst, limit: Int,
        after cursor: PageCursor<AuditEntry>? = nil
    ) async throws(GateError) -> Page<AuditEntry> {
        try Self.checkPageSize(limit)
        return try await read { try $0.auditEntries(filter, order: order, limit: limit, after: cursor) }
    }

    /// A page of the recorded answers matching `filter`, newest first: at most `limit` (1 to
    /// ``maximumPageSize``) of them, after `cursor` (the previous page's ``Page/next``).
    public func attempts(
        _ filter: AttemptFilter = AttemptFilter(), limit: Int, after cursor: PageCursor<Attempt>? = nil
    ) async throws(GateError) -> Page<Attempt> {
        try Self.checkPageSize(limit)
        return try await read { try $0.attempts(filter, limit: limit, after: cursor) }
    }

    private static func checkPageSize(_ limit: Int) throws(GateError) {
        guard (1...maximumPageSize).contains(limit) else {
            throw GateError.invalidInput(.limitOutOfRange(limit, allowed: 1...maximumPageSize))
        }
    }

    /// How many records of each of `kinds` the audit log holds: read only, for `/metrics`.
    package func auditCounts(of kinds: [AuditEventKind]) async throws(GateError) -> [AuditEventKind: Int] {
        try await read { try $0.auditCounts(of: kinds) }
    }

    /// Per profile (or for `profile` only), since `since`: challenges, answers, passes,
    /// failures by kind, lockouts and the median response time.
    public func stats(profile: String? = nil, since: Date? = nil) async throws(GateError) -> [GateStats] {
        try await read { transaction in
            let id = try profile.map { try transaction.requireProfile(named: $0).id }
            return try transaction.gateStats(profileID: id, since: since)
        }
    }

    /// The oldest `pruneAudit` reaches back: a thousand years, far past any record, and a
    /// date every clock can count to.
    static let longestPruneAge: Duration = .seconds(365_000 * 86_400)

    /// Drops audit records, attempts, ended challenges and sessions older than `age`, which
    /// may not be shorter than the longest `auditRetention` in force (household or any
    /// profile's); the chain stays verifiable.
    public func pruneAudit(olderThan age: Duration? = nil, by actor: String = "api") async throws(GateError) -> PruneReport {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        let timeSource = timeSource
        var report = try await write { transaction in
            var retention = try transaction.effectivePolicy(.household).policy.auditRetention
            for profile in try transaction.profiles() {
                retention = max(retention, try transaction.effectivePolicy(.profile(id: profile.id)).policy.auditRetention)
            }
            let age = age ?? retention
            guard age >= retention else {
                throw GateInputError.outOfRange(
                    field: .auditRetention, value: DurationText.format(age),
                    range: "at least the longest auditRetention in force, \(DurationText.format(retention))")
            }
            guard age <= Self.longestPruneAge else {
                throw GateInputError.outOfRange(field: .auditRetention, value: DurationText.format(age), range: "at most \(DurationText.format(Self.longestPruneAge))")
            }
            let now = timeSource.now()
            let cutoff = now.adding(.zero - age)
            let result = try transaction.pruneAudit(before: cutoff, by: actor, at: now)
            return PruneReport(
                cutoff: cutoff, auditRecords: result.auditRecords, prunedThroughID: result.prunedThroughID,
                challenges: result.challenges, attempts: result.attempts, sessions: result.sessions)
        }
        if let file = storage.sqlite {
            let (before, after) = try await onStorage(writing: true) { try await file.reclaimSpace() }
            report.bytesReclaimed = max(0, before - after)
        }
        return report
    }
}
