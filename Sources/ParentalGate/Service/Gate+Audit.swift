import Foundation
import GateCore
import GateStore

extension Gate {
    /// Recorded answers matching `filter`, newest first.
    public func attempts(_ filter: AttemptFilter = AttemptFilter()) async throws(GateError) -> [Attempt] {
        try await read { try $0.attempts(filter) }
    }

    /// Per profile (or for `profile` only), since `since`: challenges, answers, passes,
    /// failures by kind, lockouts and the median response time.
    public func stats(profile: String? = nil, since: Date? = nil) async throws(GateError) -> [GateStats] {
        try await read { transaction in
            let id = try profile.map { try transaction.requireProfile(named: $0).id }
            return try transaction.gateStats(profileID: id, since: since)
        }
    }

    /// Drops audit records, attempts, ended challenges and sessions older than `age`, which
    /// may not be shorter than the household's `auditRetention`; the chain stays verifiable.
    public func pruneAudit(olderThan age: Duration? = nil, by actor: String = "api") async throws(GateError) -> PruneReport {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        let retention = try await policy().policy.auditRetention
        let age = age ?? retention
        guard age >= retention else {
            throw GateError.invalidInput(.outOfRange(
                field: .auditRetention, value: DurationText.format(age),
                range: "at least the household's auditRetention, \(DurationText.format(retention))"))
        }
        let now = timeSource.now()
        let cutoff = now.adding(.zero - age)
        let result = try await write { try $0.pruneAudit(before: cutoff, by: actor, at: now) }
        return PruneReport(
            cutoff: cutoff, auditRecords: result.auditRecords, prunedThroughID: result.prunedThroughID,
            challenges: result.challenges, attempts: result.attempts, sessions: result.sessions)
    }
}
