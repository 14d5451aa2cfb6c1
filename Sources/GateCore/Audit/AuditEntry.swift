import Foundation

/// An audit event as recorded: numbered, timed and chained to its predecessor by hash.
public struct AuditEntry: Identifiable, Hashable, Sendable {
    public var id: Int64
    public var occurredAt: Date
    public var event: AuditEvent
    /// The SHA-256 of the record before this one (zeros for the first).
    public var previousHash: [UInt8]
    /// The SHA-256 of the previous hash and this record's contents.
    public var hash: [UInt8]

    public init(id: Int64, occurredAt: Date, event: AuditEvent, previousHash: [UInt8], hash: [UInt8]) {
        self.id = id
        self.occurredAt = occurredAt
        self.event = event
        self.previousHash = previousHash
        self.hash = hash
    }
}
