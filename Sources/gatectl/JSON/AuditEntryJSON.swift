import Foundation
import ParentalGate

/// An audit record in `--json` and `--format csv` output.
struct AuditEntryJSON: Encodable {
    var id: Int64
    var time: Date
    var kind: String
    var profile: String?
    var actor: String?
    var client: String?
    var challenge: String?
    var details: [String: String]

    init(_ entry: AuditEntry) {
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
