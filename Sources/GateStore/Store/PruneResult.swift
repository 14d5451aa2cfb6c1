/// What `audit prune` removed.
package struct PruneResult: Hashable, Sendable {
    package var auditRecords: Int
    /// The last audit record dropped (0 when none was).
    package var prunedThroughID: Int64
    package var challenges: Int
    package var attempts: Int
    package var sessions: Int
}
