import Foundation
import GateCore

/// An audit record in `--json` and `--format csv` output.
public struct AuditEntryJSON: Encodable, Sendable {
    public var id: Int64
    public var time: Date
    public var kind: String
    public var profile: String?
    public var actor: String?
    public var client: String?
    public var challenge: String?
    public var details: [String: String]

    public init(_ entry: AuditEntry) {
        id = entry.id
        time = entry.occurredAt
        kind = entry.event.kind.rawValue
        profile = entry.event.profileName
        actor = entry.event.actor
        client = entry.event.client
        challenge = entry.event.challengeID?.rawValue
        details = entry.event.details
    }
}
