import Foundation
import ParentalGate

/// A recorded policy change in `--json` output.
struct PolicyChangeJSON: Encodable {
    var version: Int
    var field: String
    /// The old and new values; `null` means inherited.
    var old: String?
    var new: String?
    var by: String
    var at: Date

    init(_ change: PolicyChange) {
        version = change.version
        field = change.field.rawValue
        old = change.oldValue
        new = change.newValue
        by = change.changedBy
        at = change.changedAt
    }
}
