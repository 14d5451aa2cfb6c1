import Foundation

/// An audit event as recorded: numbered, timed, chained to its predecessor by hash, and
/// counted when it repeated.
public struct AuditEntry: Identifiable, Hashable, Sendable {
    public var id: Int64
    public var occurredAt: Date
    public var event: AuditEvent
    /// The SHA-256 of the record before this one (zeros for the first).
    public var previousHash: [UInt8]
    /// The SHA-256 of the previous hash and this record's contents.
    public var hash: [UInt8]
    /// How many times it happened: more than 1 for a refusal or replay repeated while nothing
    /// else was recorded for its profile (``occurredAt`` is the first time).
    public var count: Int
    /// When it last happened (``occurredAt`` when it happened once).
    public var lastOccurredAt: Date

    public init(
        id: Int64, occurredAt: Date, event: AuditEvent, previousHash: [UInt8], hash: [UInt8], count: Int = 1,
        lastOccurredAt: Date? = nil
    ) {
        self.id = id
        self.occurredAt = occurredAt
        self.event = event
        self.previousHash = previousHash
        self.hash = hash
        self.count = count
        self.lastOccurredAt = lastOccurredAt ?? occurredAt
    }
}
