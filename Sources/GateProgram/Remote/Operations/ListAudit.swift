import Foundation
import ParentalGate

/// `audit list`: the latest `limit` records that match, oldest first.
package struct ListAudit: GateOperation {
    package var profile: String?
    package var since: Date?
    package var until: Date?
    package var outcome: AnswerOutcome?
    package var limit: Int

    package init(profile: String? = nil, since: Date? = nil, until: Date? = nil, outcome: AnswerOutcome? = nil, limit: Int) {
        self.profile = profile
        self.since = since
        self.until = until
        self.outcome = outcome
        self.limit = limit
    }

    package var request: AdminRequest { .listAudit(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> [AuditEntry] {
        var filter = AuditFilter(since: since, until: until, outcome: outcome)
        if let profile {
            let known = try await gate.profiles().first { ProfileName.key(for: $0.name) == ProfileName.key(for: profile) }
            if let known {
                filter.profileID = known.id
            } else {
                // A removed profile: its history stays, recorded under its name.
                guard try await !gate.auditEntries(AuditFilter(profileName: profile), limit: 1).items.isEmpty else {
                    throw CommandError.notFound("no profile named '\(profile.escapedForMessage)', now or in the audit log")
                }
                filter.profileName = profile
            }
        }
        // The latest `limit` records, a page at a time, shown oldest first.
        var entries: [AuditEntry] = []
        var cursor: PageCursor<AuditEntry>?
        repeat {
            let page = try await gate.auditEntries(filter, order: .newestFirst, limit: min(limit - entries.count, Gate.maximumPageSize), after: cursor)
            entries += page.items
            cursor = page.next
        } while cursor != nil && entries.count < limit
        return entries.reversed()
    }
}
