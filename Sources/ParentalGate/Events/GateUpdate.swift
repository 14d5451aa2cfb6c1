import Foundation
import GateCore

/// One change the gate recorded, for a consumer that pushes it on (``Gate/updates(after:pollInterval:)``).
public enum GateUpdate: Hashable, Sendable {
    /// A record of the audit log (its id, time, kind, profile, client and details), with the
    /// profile's display name as it is when the record is read (`nil`: no profile, or removed).
    case recorded(AuditEntry, displayName: String?)
    /// The records after `after` and before `next` were pruned from the log before they could
    /// be read: what they said is gone (a consumer may resync its view from the gate's state).
    case pruned(after: Int64, next: Int64)

    /// The audit id to resume after: this record's, or the last one the gap covers.
    public var auditID: Int64 {
        switch self {
        case .recorded(let entry, _): entry.id
        case .pruned(_, let next): next - 1
        }
    }
}
