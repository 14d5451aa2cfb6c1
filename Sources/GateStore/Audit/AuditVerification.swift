/// The result of walking the audit chain.
package struct AuditVerification: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong at the first broken link.
    package enum Problem: Hashable, Sendable {
        /// The record's contents no longer match its hash: it was edited.
        case altered(id: Int64)
        /// A record is missing: `id` was expected next, `found` came instead.
        case missing(id: Int64, found: Int64)
        /// The record does not chain to the one before it (inserted or replaced).
        case brokenLink(id: Int64)
        /// Records at the end were deleted: the log once reached `expectedLast`.
        case truncated(lastPresent: Int64, expectedLast: Int64)
        /// The anchor left by pruning does not match the first record kept.
        case anchorMismatch(firstID: Int64)
        /// Records up to `through` are gone, but no prune record in the chain says so:
        /// they were deleted by hand and the anchor moved to hide it.
        case unbackedAnchor(through: Int64)
        /// The count or last time of the run record `id` begins differs from what the
        /// profile's next record sealed, or that record seals no such run.
        case runAltered(id: Int64)
    }

    /// Records checked.
    package var checked: Int
    /// The first record of the chain checked (after the prune anchor), if any.
    package var firstID: Int64?
    /// The last record checked, if any.
    package var lastID: Int64?
    /// The first broken link, or `nil` when the chain is intact.
    package var problem: Problem?
    /// Runs of repeats still open: their counts are sealed by their profiles' next records.
    package var openRuns = 0

    package var isIntact: Bool { problem == nil }

    package var description: String {
        switch problem {
        case nil:
            guard checked > 0 else { return "audit log is empty" }
            let open = switch openRuns {
            case 0: ""
            case 1: "; 1 run of repeats still counting (sealed by its profile's next record)"
            default: "; \(openRuns) runs of repeats still counting (each sealed by its profile's next record)"
            }
            return "audit chain intact: \(checked) records (\(firstID ?? 0)...\(lastID ?? 0))" + open
        case .altered(let id)?:
            return "audit record \(id) was altered: its contents do not match its hash"
        case .missing(let id, let found)?:
            return found - id == 1
                ? "audit record \(id) is missing (deleted): record \(found) follows record \(id - 1)"
                : "audit records \(id)...\(found - 1) are missing (deleted): record \(found) follows record \(id - 1)"
        case .brokenLink(let id)?:
            return "audit record \(id) does not follow its predecessor: a record before it was replaced or inserted"
        case .truncated(let last, let expected)?:
            return "audit records after \(last) are missing (deleted): the log reached record \(expected)"
        case .anchorMismatch(let id)?:
            return "audit record \(id) does not follow the prune anchor: records before it were altered"
        case .runAltered(let id)?:
            return "audit record \(id)'s repeat count or last time was altered: it does not match what its profile's next record sealed"
        case .unbackedAnchor(let through)?:
            return "audit records 1...\(through) are missing (deleted) and no prune record accounts for them"
        }
    }
}
