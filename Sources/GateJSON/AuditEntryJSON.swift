import Foundation
import GateCore
import ParentalGate

/// An audit record in `--json` and `--format csv` output.
public struct AuditEntryJSON: Encodable, Sendable {
    public var id: Int64
    /// When it happened (the first time, for a repeated refusal or replay).
    public var time: Date
    /// How many times it happened: more than 1 for a refusal or replay repeated while nothing
    /// else was recorded for its profile.
    public var count: Int
    /// When it last happened (`time` when it happened once).
    public var lastTime: Date
    public var kind: String
    public var profile: String?
    public var actor: String?
    public var client: String?
    public var challenge: String?
    public var details: [String: String]

    public init(_ entry: AuditEntry) {
        id = entry.id
        time = entry.occurredAt
        count = entry.count
        lastTime = entry.lastOccurredAt
        kind = entry.event.kind.rawValue
        profile = entry.event.profileName
        actor = entry.event.actor
        client = entry.event.client
        challenge = entry.event.challengeID?.rawValue
        details = entry.event.detailsWithISOTimes
    }
}
