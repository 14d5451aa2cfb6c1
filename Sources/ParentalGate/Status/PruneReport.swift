import Foundation

/// What `pruneAudit` removed.
public struct PruneReport: Hashable, Sendable, Codable {
    /// Records older than this went.
    public var cutoff: Date
    public var auditRecords: Int
    /// The last audit record dropped (0 when none was): the chain now starts after it.
    public var prunedThroughID: Int64
    public var challenges: Int
    public var attempts: Int
    public var sessions: Int
    /// Bytes the database file gave back to the file system afterwards.
    public var bytesReclaimed: Int64 = 0
}
